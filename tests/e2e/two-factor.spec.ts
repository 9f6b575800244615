import { readFileSync } from 'node:fs';
import { type Page, request as playwrightRequest } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import {
  confirmItIsMe,
  expect,
  expectNoAxeViolations,
  mailTo,
  proofIsStaleFor,
  registerViaApi,
  test,
  toastTitled,
} from './fixtures';

// Two-factor sign-in as a person uses it (docs/architecture.md#identity): turned on in the Security tab with an
// authenticator app (the test is the app: it computes codes from the key the page shows), then asked for at
// every sign-in, with recovery codes for a lost phone; and the 'Confirm it's you' prompt before a sensitive action.

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A code the app is not showing (now or a step either side). */
const wrongCode = (secret: string) => {
  const near = [-1, 0, 1].map((step) => codeFor(secret, step));
  return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code))!;
};

/** Turns on two-factor sign-in from the Security tab; the key and the recovery codes the page showed. */
async function turnOnTwoFactor(page: Page) {
  await page.goto('/account?tab=security');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('Two-factor sign-in is off.');
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(
    card.getByRole('img', { name: 'QR code to add ChairNotes to your authenticator app' }),
  ).toBeVisible();
  const secret = (await card.locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoAxeViolations(page);

  await card.getByLabel('Code from the app').fill(wrongCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText(/^That code is not right/)).toBeVisible();

  await card.getByLabel('Code from the app').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  // Beside the fresh codes, nothing says it is still off.
  await expect(card).not.toContainText('Two-factor sign-in is off.');
  const done = card.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await expectNoAxeViolations(page);
  await card.getByLabel('I have saved my recovery codes').check();
  await done.click();
  await expect(toastTitled(page, 'Two-factor sign-in is on')).toBeVisible();
  await expect(card).toContainText('Two-factor sign-in is on (authenticator app)');
  await expect(card).toContainText('10 recovery codes left.');
  return { secret, recoveryCodes };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toHaveCount(0);
}

async function signInWithPassword(page: Page, user: { username: string; password: string }) {
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Username').fill(user.username);
  await panel.getByLabel('Password').fill(user.password);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(panel.getByText('Two-factor sign-in', { exact: true })).toBeVisible();
  return panel;
}

test('turn on two-factor sign-in; sign in with the app, then with a recovery code; turn it off', async ({
  page,
}) => {
  test.slow();
  const user = await registerViaApi(page);
  const { secret, recoveryCodes } = await turnOnTwoFactor(page);
  await signOut(page);

  // The password alone does not sign in any more.
  let panel = await signInWithPassword(page, user);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await expectNoAxeViolations(page);
  await panel.getByLabel('Authentication code').fill('12345');
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  // The app's code for the next step (the one used to turn it on is spent).
  await panel.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
  await signOut(page);

  panel = await signInWithPassword(page, user);
  await panel.getByRole('button', { name: 'Use a recovery code' }).click();
  await panel.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();

  await page.goto('/account?tab=security');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('9 recovery codes left.');
  await card.getByRole('button', { name: 'Turn off' }).click();
  // A used recovery code is gone.
  await card.getByLabel('Code from your app, or a recovery code').fill(recoveryCodes[0]!);
  await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(card.getByRole('alert')).toBeVisible();
  await card.getByLabel('Code from your app, or a recovery code').fill(recoveryCodes[1]!);
  await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(toastTitled(page, 'Two-factor sign-in turned off')).toBeVisible();
  await expect(card).toContainText('Two-factor sign-in is off.');
  const activity = page.getByRole('region', { name: 'Recent security activity' });
  await expect(activity).toContainText('Two-factor sign-in turned off');
  await expect(activity).toContainText('Signed in with a recovery code');
  await expect(activity).toContainText('Two-factor sign-in turned on');
});

test("a sensitive action asks 'Confirm it's you' in place, then carries on", async ({ page }) => {
  const user = await registerViaApi(page);
  await page.goto('/account');
  // Ten minutes since the sign-in cannot pass in a test: the first export is answered as the server answers
  // then (tests/api cover the window itself); the proof and the export that follows are the real server's.
  await proofIsStaleFor(page, '**/api/user/export');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Password').fill('not my password at all');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not right. Please try again.');
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const download = await downloading;
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.account).toMatchObject({ username: user.username });
});

test("turning the app on long after the sign-in asks 'Confirm it's you', then goes on; other devices are signed out", async ({
  page,
  baseURL,
}) => {
  const user = await registerViaApi(page);
  // The same person signed in on another device, with the password alone.
  const other = await playwrightRequest.newContext({ baseURL });
  const signedIn = await other.post('/api/login', {
    data: { username: user.username, password: user.password },
    headers: { origin: baseURL! },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto('/account?tab=security');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await proofIsStaleFor(page, '**/api/user/2fa/totp/setup');
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  // The dialog opens once the server has answered that the proof is stale: axe reads it once it is there
  // (CI once read it as it faded in, its colours not yet full).
  await expect(page.getByRole('dialog', { name: "Confirm it's you" }).getByLabel('Password')).toBeFocused();
  await expectNoAxeViolations(page);
  await confirmItIsMe(page, user.password);
  // The setup carried on by itself: the key is shown, with no second click.
  await expect(
    card.getByRole('img', { name: 'QR code to add ChairNotes to your authenticator app' }),
  ).toBeVisible();
  const secret = (await card.locator('code').textContent())?.trim() ?? '';
  await card.getByLabel('Code from the app').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByLabel('I have saved my recovery codes').check();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByText(/Any other device signed in to your account was signed out\./),
  ).toBeVisible();
  expect((await other.get('/api/user')).status()).toBe(401);
  expect((await mailTo(user.email, 'Two-factor sign-in was turned on')).text).toContain(
    'Every other device that was signed in to your account has been signed out',
  );
  await other.dispose();
});
