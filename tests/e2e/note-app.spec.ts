/**
 * The note app signs people in with their ChairNotes account (docs/architecture.md#note-app-sign-in), seen from the
 * browser: the stand-in note app (tests/support/note-app-server.ts, built on openid-client) shows who
 * is signed in and whether they may use it.
 */
import type { Page } from '@playwright/test';
import { NOTE_APP_URL } from '../../playwright.config';
import {
  adminSessionCookies,
  atStripe,
  expect,
  expectNoAxeViolations,
  registerViaApi,
  subscribeViaApi,
  test,
  uniqueUser,
} from './fixtures';

/** What the note app says about the person signed in to it. */
const signedInAs = (page: Page, username: string, access: 'yes' | 'no') =>
  expect(page.getByText(`Signed in as ${username} - access ${access}`, { exact: true })).toBeVisible();

test('a subscriber clicks Open ChairNotes and arrives in the note app signed in, with access', async ({
  page,
}) => {
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);
  await page.goto('/account');
  const open = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' });
  await expect(open).toBeVisible();
  await expectNoAxeViolations(page);
  await open.click();

  await expect(page).toHaveURL(NOTE_APP_URL);
  await signedInAs(page, user.username, 'yes');
  await expect(page.getByText('Plan: pro', { exact: true })).toBeVisible();
  await expect(page.getByText(`Email: ${user.email}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Signed in with: pwd', { exact: true })).toBeVisible();
});

test('a signed-out person who starts from the note app signs in on ChairNotes and is sent back; a free account has no access', async ({
  page,
}) => {
  const user = uniqueUser();
  await registerViaApi(page, user);
  await page.context().clearCookies();

  await page.goto(NOTE_APP_URL);
  // The note app sent them to ChairNotes' sign-in page, which will send them back into the flow.
  await expect(page).toHaveURL(/\/auth\?redirect=%2Foidc%2Finteraction%2F/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to ChairNotes');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(user.username);
  await login.getByLabel('Password').fill(user.password);
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(NOTE_APP_URL);
  await signedInAs(page, user.username, 'no');
  await expect(page.getByText('Plan: free', { exact: true })).toBeVisible();
  // ChairNotes offers the note app only to those it admits.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Open ChairNotes' })).toHaveCount(0);
});

test('before patient records the note app asks for a fresh sign-in: the signed-in person gives their password again and comes back', async ({
  page,
}) => {
  // A subscription, the note app and back through a fresh sign-in: three sites.
  test.slow();
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);
  await page.goto(NOTE_APP_URL);
  await signedInAs(page, user.username, 'yes');
  const sub = await page.getByTestId('sub').textContent();
  const provedAt = Number(await page.getByTestId('auth-time').textContent());
  // A fresh proof is one given after the note app asks: let the clock pass the last one's second.
  await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(provedAt);

  await page.getByRole('link', { name: 'Patient records' }).click();
  await expect(page).toHaveURL(/\/auth\?prompt=login&redirect=%2Foidc%2Finteraction%2F/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in again');
  await expectNoAxeViolations(page);
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(user.username);
  await login.getByLabel('Password').fill(user.password);
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(NOTE_APP_URL);
  await signedInAs(page, user.username, 'yes');
  await expect(page.getByTestId('sub')).toHaveText(sub!);
  expect(Number(await page.getByTestId('auth-time').textContent())).toBeGreaterThan(provedAt);
  // Still signed in to ChairNotes.
  await page.goto('/account');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' }),
  ).toBeVisible();
});

test("an admin ends a subscriber's sessions: the note app is told at its back-channel and its session ends", async ({
  page,
  browser,
}) => {
  // A subscriber in the note app, and an admin in a browser of their own: two people's work.
  test.slow();
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);
  await page.goto(NOTE_APP_URL);
  await signedInAs(page, user.username, 'yes');
  const sub = (await page.getByTestId('sub').textContent())!;
  const logoutsOf = async () =>
    ((await (await page.request.get(`${NOTE_APP_URL}logouts`)).json()) as { sub: string }[]).filter(
      (logout) => logout.sub === sub,
    ).length;
  expect(await logoutsOf()).toBe(0);

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await adminContext.addCookies(adminSessionCookies());
    await admin.goto('/admin/users');
    await admin.getByLabel('Search users').fill(user.email);
    await admin
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: user.email })
      .getByRole('button', { name: `Sign ${user.username} out everywhere` })
      .click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(admin.getByText('Signed out everywhere', { exact: true })).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // ChairNotes posts a signed logout token to the note app, which verified it and ended the session.
  await expect.poll(logoutsOf).toBe(1);
  // Opened again, the note app has no session and sends them to ChairNotes, where they are signed out too.
  await page.goto(NOTE_APP_URL);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Foidc%2Finteraction%2F/);
});
