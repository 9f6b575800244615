import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import {
  confirmItIsMe,
  expect,
  expectNoAxeViolations,
  mailTo,
  PASSKEY_ADMIN,
  proofIsStaleFor,
  registerViaApi,
  test,
  withVirtualAuthenticator,
} from './fixtures';

// Passkeys in a real browser (docs/architecture.md#identity), Chromium's virtual authenticator standing in
// for the fingerprint reader (fixtures.ts withVirtualAuthenticator).

/**
 * Adds the account's first passkey, and keeps the recovery codes it comes with (their journey:
 * journeys/lost-passkey.spec.ts).
 */
async function addPasskey(page: Page, name: string) {
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByLabel('Name for a new passkey').fill(name);
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  // The toast says so (the security activity below may say 'Passkey added' too, once it reloads).
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Passkey added', { exact: true }),
  ).toBeVisible();
  await expect(card.getByRole('list', { name: 'Your passkeys' })).toContainText(name);
  await card.getByLabel('I have saved my recovery codes').check();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByLabel('Name for a new passkey')).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // The toast shows before the page moves home (a document of its own): the next page waits for home.
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
}

test('add a passkey, sign out, and sign in with it and no password', async ({ page }) => {
  // Four pages, a passkey ceremony each way, a mail and axe on three screens: more than an ordinary budget.
  test.slow();
  const authenticator = await withVirtualAuthenticator(page);
  const user = await registerViaApi(page);
  await page.goto('/account?tab=security');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet.', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // A name is needed first, so the list can tell passkeys apart.
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByText('Please give the passkey a name', { exact: true })).toBeVisible();
  await addPasskey(page, 'Work laptop');
  await expect(card.getByRole('listitem')).toContainText('Never used');
  expect(await authenticator.credentials()).toHaveLength(1);
  await expect(
    page.getByRole('region', { name: 'Recent security activity' }).getByText('Passkey added'),
  ).toBeVisible();
  expect((await mailTo(user.email, 'A passkey was added to your ChairNotes account')).text).toContain(
    '"Work laptop"',
  );
  await expectNoAxeViolations(page);

  await signOut(page);
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await expectNoAxeViolations(page);
  await login.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(`Welcome back, ${user.username}!`, { exact: true })).toBeVisible();
  // A user on the free plan is shown the plans after sign-in, whichever way they signed in.
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto('/account?tab=security');
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem')).toContainText(
    'Last used',
  );
});

test('rename and remove a passkey; a removed passkey no longer signs in', async ({ page }) => {
  // A passkey made, renamed, removed and refused, with a mail and axe on two dialogs: more than an ordinary budget.
  test.slow();
  await withVirtualAuthenticator(page);
  const user = await registerViaApi(page);
  await page.goto('/account?tab=security');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await addPasskey(page, 'Old phone');

  await card.getByRole('button', { name: 'Rename Old phone' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await expect(rename.getByLabel('Passkey name')).toHaveValue('Old phone');
  await rename.getByLabel('Passkey name').fill('x'.repeat(61));
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Name must be at most 60 characters', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await rename.getByLabel('Passkey name').fill('New phone');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  await expect(card.getByRole('listitem')).toContainText('New phone');

  await card.getByRole('button', { name: 'Remove New phone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(confirm).toContainText('"New phone" will no longer sign you in.');
  await expectNoAxeViolations(page);
  // Keeping it changes nothing.
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(card.getByRole('listitem')).toContainText('New phone');
  await card.getByRole('button', { name: 'Remove New phone' }).click();
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Passkey removed', { exact: true })).toBeVisible();
  // The Security tab's activity says so too.
  await expect(
    page
      .getByRole('region', { name: 'Recent security activity' })
      .getByText('Passkey removed', { exact: true }),
  ).toBeVisible();
  await expect(card.getByText('No passkeys yet.', { exact: true })).toBeVisible();
  expect((await mailTo(user.email, 'A passkey was removed from your ChairNotes account')).text).toContain(
    '"New phone"',
  );

  // The phone still holds the credential, but the account no longer knows it.
  await signOut(page);
  await page.goto('/auth');
  await page
    .getByRole('tabpanel', { name: 'Login' })
    .getByRole('button', { name: 'Sign in with a passkey' })
    .click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText(/^That passkey was not recognised/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
});

test('with a passkey, the password alone no longer signs in: the passkey finishes it', async ({ page }) => {
  // A passkey made, a sign-out, and a sign-in in two steps.
  test.slow();
  await withVirtualAuthenticator(page);
  const user = await registerViaApi(page);
  await page.goto('/account?tab=security');
  await addPasskey(page, 'Surgery PC');
  await signOut(page);

  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(user.username);
  await login.getByLabel('Password').fill(user.password);
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(login.getByText('Two-factor sign-in', { exact: true })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await expectNoAxeViolations(page);
  await login.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page.getByText(`Welcome back, ${user.username}!`, { exact: true })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(200);
});

test('an admin enrols a passkey instead of an app, and it finishes their next sign-in', async ({ page }) => {
  // An admin signs in twice, with an authenticator app, then enrols a passkey.
  test.slow();
  await withVirtualAuthenticator(page);
  const signInWithPassword = async () => {
    await page.goto('/admin?redirect=/admin/users');
    const form = page.getByRole('main');
    await form.getByLabel('Username').fill(PASSKEY_ADMIN.username);
    await form.getByLabel('Password').fill(PASSKEY_ADMIN.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  await signInWithPassword();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await page.getByLabel('Name for the passkey').fill('Admin laptop');
  await expectNoAxeViolations(page);
  // The page was left open past 10 minutes: the password again, then the passkey is added.
  await proofIsStaleFor(page, '**/api/admin/passkeys/registration-options');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // The dialog opens once the server has answered that the proof is stale: axe reads it once it is there
  // (CI once read it as it faded in, its colours not yet full).
  await expect(page.getByRole('dialog', { name: "Confirm it's you" }).getByLabel('Password')).toBeFocused();
  await expectNoAxeViolations(page);
  await confirmItIsMe(page, PASSKEY_ADMIN.password);
  // As with the app, the passkey comes with recovery codes, kept before the admin area opens.
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Continue to the admin area' }).click();
  await expect(page.getByText('Two-factor sign-in is on', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(
    (await mailTo(PASSKEY_ADMIN.email, 'A passkey was added to your ChairNotes admin account')).text,
  ).toContain('"Admin laptop"');

  await page.getByRole('button', { name: 'Admin menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You have been logged out of the admin panel', { exact: true })).toBeVisible();

  await signInWithPassword();
  expect((await page.request.get('/api/admin/users')).status()).toBe(401);
  await page.getByRole('main').getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page.getByText('Admin login successful', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect((await page.request.get('/api/admin/users')).status()).toBe(200);
});

test("adding or removing a passkey long after the sign-in asks 'Confirm it's you', then goes on", async ({
  page,
}) => {
  const authenticator = await withVirtualAuthenticator(page);
  const user = await registerViaApi(page);
  await page.goto('/account?tab=security');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet.', { exact: true })).toBeVisible();

  await proofIsStaleFor(page, '**/api/user/passkeys/registration-options');
  await card.getByLabel('Name for a new passkey').fill('Desk computer');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await confirmItIsMe(page, user.password);
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Passkey added', { exact: true })).toBeVisible();
  // The first second factor: the devices signed in with the password alone are signed out.
  await expect(toasts.getByText(/Any other device signed in to your account was signed out\./)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Your passkeys' })).toContainText('Desk computer');
  expect(await authenticator.credentials()).toHaveLength(1);

  await proofIsStaleFor(page, '**/api/user/passkeys/*');
  await card.getByRole('button', { name: 'Remove Desk computer' }).click();
  await page.getByRole('button', { name: 'Remove passkey' }).click();
  await confirmItIsMe(page, user.password);
  await expect(toasts.getByText('Passkey removed', { exact: true })).toBeVisible();
  await expect(card.getByText('No passkeys yet.', { exact: true })).toBeVisible();
});

test('after a password reset the page names the passkeys that still sign in, and the person removes one', async ({
  page,
}) => {
  // A passkey made, a reset by mail, axe, then two sign-ins and a removal.
  test.slow();
  await withVirtualAuthenticator(page);
  const user = await registerViaApi(page);
  await page.goto('/account?tab=security');
  await addPasskey(page, 'Unknown laptop');
  await signOut(page);

  await page.goto('/forgot-password');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: /reset link|send/i }).click();
  await expect(page.getByText(/If an account uses that email/)).toBeVisible();
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(
    (await mailTo(user.email, 'Reset')).text,
  )![0];
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a fresh password');
  await page.getByLabel('Confirm password').fill('a fresh password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  const remaining = page.getByRole('region', { name: 'These still sign in to your account' });
  await expect(remaining.getByRole('listitem')).toHaveText(['Passkey "Unknown laptop"']);
  await expectNoAxeViolations(page);

  // Signed in again (the password, then the passkey), they land on the Security tab with a fresh proof.
  await page.getByRole('link', { name: 'Sign in and review them' }).click();
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(user.username);
  await login.getByLabel('Password').fill('a fresh password');
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
  await login.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/account\?tab=security$/);
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: 'Remove Unknown laptop' }).click();
  await page.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(card.getByText('No passkeys yet.', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toHaveCount(0);
});
