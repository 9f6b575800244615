import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expect, expectNoAxeViolations, registerViaApi, test, uniqueUser } from './fixtures';

const origin = { origin: baseURL };

/** A fresh API client (its own cookies), as if on another device. */
async function anotherDevice(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

/** Whether these credentials sign in, from a fresh device. */
async function canLogIn(username: string, password: string): Promise<boolean> {
  const device = await anotherDevice();
  try {
    const res = await device.post('/api/login', { data: { username, password }, headers: origin });
    return res.ok();
  } finally {
    await device.dispose();
  }
}

test.describe('Profile tab', () => {
  test('a new username is saved at once and shown in the header menu', async ({ page }) => {
    const user = await registerViaApi(page);
    const next = uniqueUser();
    await page.goto('/account');

    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Username').fill(next.username);
    // Only a new email asks for the password (email.spec.ts).
    await expect(profile.getByLabel('Current password')).toHaveCount(0);
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();

    const avatar = page.getByRole('button', { name: 'My Account' });
    await expect(avatar).toHaveText(next.username.slice(0, 2).toUpperCase());
    await avatar.click();
    await expect(page.getByRole('menu')).toContainText(next.username);
    await expect(page.getByRole('menu')).toContainText(user.email);
    await page.keyboard.press('Escape');

    // Saved on the server, not just on screen.
    const me = await (await page.request.get('/api/user')).json();
    expect(me).toMatchObject({ username: next.username, email: user.email });
    await page.reload();
    await expect(profile.getByLabel('Username')).toHaveValue(next.username);
  });

  test('validation messages appear on submit and clear as the fields are corrected', async ({ page }) => {
    await registerViaApi(page);
    const patches: string[] = [];
    page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.url()));
    await page.goto('/account');

    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Username').fill('ab');
    await profile.getByLabel('Email').fill('not-an-email');
    // Nothing is said before the first submit.
    await expect(profile.getByRole('alert')).toHaveCount(0);
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(profile.getByText('Username must be at least 3 characters.', { exact: true })).toBeVisible();
    await expect(profile.getByText('Please enter a valid email address.', { exact: true })).toBeVisible();
    await expect(profile.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toEqual([]);

    await profile.getByLabel('Username').fill('abc');
    await expect(profile.getByText('Username must be at least 3 characters.', { exact: true })).toBeHidden();
    await profile.getByLabel('Email').fill('dentist@example.co.uk');
    await expect(profile.getByText('Please enter a valid email address.', { exact: true })).toBeHidden();
  });

  test('a username someone else has is refused with the server message', async ({ page }) => {
    const other = uniqueUser();
    const device = await anotherDevice();
    const registered = await device.post('/api/register', {
      data: { ...other, agreeTerms: true },
      headers: origin,
    });
    expect(registered.status()).toBe(201);
    await device.dispose();

    const user = await registerViaApi(page);
    await page.goto('/account');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Username').fill(other.username);
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Failed to update profile', { exact: true })).toBeVisible();
    await expect(page.getByText('Username already exists', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Account' })).toHaveText(
      user.username.slice(0, 2).toUpperCase(),
    );

    await profile.getByLabel('Username').fill(user.username);
    await profile.getByLabel('Email').fill(other.email);
    await profile.getByLabel('Current password').fill(user.password);
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Email already registered', { exact: true })).toBeVisible();
  });
});

test.describe('Security tab', () => {
  test('a wrong current password and a mismatched confirmation are refused', async ({ page }) => {
    const user = await registerViaApi(page);
    await page.goto('/account?tab=security');
    const form = page.getByRole('region', { name: 'Change password' });

    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('a new password');
    await form.getByLabel('Confirm new password').fill('a different one');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Passwords do not match', { exact: true })).toBeVisible();
    await form.getByLabel('Confirm new password').fill('a new password');
    await expect(form.getByText('Passwords do not match', { exact: true })).toBeHidden();

    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Failed to change password', { exact: true })).toBeVisible();
    await expect(page.getByText('Current password is incorrect', { exact: true })).toBeVisible();
    expect(await canLogIn(user.username, user.password)).toBe(true);

    await form.getByLabel('New password', { exact: true }).fill('short');
    await form.getByLabel('Confirm new password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Password must be at least 8 characters.', { exact: true })).toBeVisible();
  });

  test('a changed password signs in, the old one no longer does, other devices are signed out', async ({
    page,
  }) => {
    const user = await registerViaApi(page);
    const laptop = await anotherDevice();
    expect(
      (
        await laptop.post('/api/login', {
          data: { username: user.username, password: user.password },
          headers: origin,
        })
      ).ok(),
    ).toBe(true);

    await page.goto('/account?tab=security');
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('a brand new password');
    await form.getByLabel('Confirm new password').fill('a brand new password');
    // Submitted from the keyboard.
    await form.getByLabel('Confirm new password').press('Enter');
    await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Your password has been changed, and your other devices have been signed out.', {
        exact: true,
      }),
    ).toBeVisible();
    for (const label of ['Current password', 'Confirm new password'])
      await expect(form.getByLabel(label)).toHaveValue('');
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');

    expect(await canLogIn(user.username, 'a brand new password')).toBe(true);
    expect(await canLogIn(user.username, user.password)).toBe(false);
    expect((await laptop.get('/api/user')).status()).toBe(401);
    await laptop.dispose();
    // This device stays in.
    expect((await page.request.get('/api/user')).status()).toBe(200);
  });

  test('"Sign out of all other devices" ends the other sessions and keeps this one', async ({
    page,
    browser,
  }) => {
    const user = await registerViaApi(page);
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    const login = await otherPage.request.post('/api/login', {
      data: { username: user.username, password: user.password },
      headers: origin,
    });
    expect(login.ok()).toBe(true);
    expect((await otherPage.request.get('/api/user')).status()).toBe(200);

    await page.goto('/account?tab=security');
    await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
    await expect(page.getByText('Signed out of other devices', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Ended 1 other session. This device stays signed in.', { exact: true }),
    ).toBeVisible();

    expect((await otherPage.request.get('/api/user')).status()).toBe(401);
    await otherContext.close();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  });

  test('lists the devices signed in; one is signed out from here; the activity shows what happened', async ({
    page,
    browser,
  }) => {
    // Two browsers signed in, one signed out from the other, and the activity read.
    test.slow();
    const user = await registerViaApi(page);
    const mac = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0',
    });
    const wrong = await mac.request.post('/api/login', {
      data: { username: user.username, password: 'not the password' },
      headers: origin,
    });
    expect(wrong.status()).toBe(401);
    const login = await mac.request.post('/api/login', {
      data: { username: user.username, password: user.password },
      headers: origin,
    });
    expect(login.ok()).toBe(true);

    await page.goto('/account?tab=security');
    const devices = page.getByRole('region', { name: "Where you're signed in" });
    const list = devices.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toContainText('Active now');
    const macRow = list.getByRole('listitem').filter({ hasText: 'Firefox on macOS' });
    await expect(macRow).toContainText('Last active');

    const activity = page.getByRole('region', { name: 'Recent security activity' });
    await expect(activity.getByRole('listitem').first()).toContainText('Signed in');
    await expect(activity.getByText('Failed sign-in attempt', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await macRow.getByRole('button', { name: /^Sign out Firefox on macOS/ }).click();
    await expect(page.getByText('Device signed out', { exact: true })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(activity.getByRole('listitem').first()).toContainText('A device was signed out');
    // With no other device, there is nothing else to sign out.
    await expect(devices.getByRole('button', { name: 'Sign out of all other devices' })).toHaveCount(0);
    expect((await mac.request.get('/api/user')).status()).toBe(401);
    await mac.close();
  });

  test('a common new password is refused under its field, and the old one still works', async ({ page }) => {
    const user = await registerViaApi(page);
    await page.goto('/account?tab=security');
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('sunshine');
    await form.getByLabel('Confirm new password').fill('sunshine');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(
      form.getByText('This password is too common. Please choose another.', { exact: true }),
    ).toBeVisible();
    await expect(form.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Failed to change password', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await canLogIn(user.username, user.password)).toBe(true);
  });

  test('the delete dialog is keyboard operable: Escape closes it and returns focus', async ({ page }) => {
    // The dialog opened and closed by keyboard, focus checked at each step.
    test.slow();
    await registerViaApi(page);
    await page.goto('/account?tab=security');
    const trigger = page.getByRole('button', { name: 'Delete account' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('cancelled immediately');
    await expect(dialog).toContainText('cannot be undone');
    // (a11y.spec.ts checks the Profile tab; here the Security tab with its dialog open.)
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('deleting the account needs the password, then signs out for good', async ({ page }) => {
    // A wrong password, then the right one, the sign-out, and a refused sign-in.
    test.slow();
    const user = await registerViaApi(page);
    await page.goto('/account?tab=security');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });

    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Password is required', { exact: true })).toBeVisible();

    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Failed to delete account', { exact: true })).toBeVisible();
    // The toast and the field say the server's words, with no status code.
    await expect(
      page
        .getByRole('region', { name: 'Notifications (F8)' })
        .getByText('Password is incorrect', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByText('Password is incorrect', { exact: true })).toBeVisible();
    expect(await canLogIn(user.username, user.password)).toBe(true);

    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Account' })).toHaveCount(0);

    expect(await canLogIn(user.username, user.password)).toBe(false);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount$/);
  });
});

test('"Download my data" downloads a JSON file of what we hold', async ({ page }) => {
  const user = await registerViaApi(page);
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Your data' })).toContainText('UK GDPR');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^chairnotes-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.account).toMatchObject({ username: user.username, email: user.email });
  expect(JSON.stringify(data)).not.toContain(user.password);
});
