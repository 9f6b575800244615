import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, mailTo, registerViaApi, test, uniqueUser } from './fixtures';

/** The path of the verification or email-change link in a mail (the server writes its own origin). */
function linkIn(text: string): string {
  const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, `a link in: ${text}`).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** The page says the link did its work. */
const expectConfirmed = (page: Page, message: string) =>
  expect(page.getByRole('main').getByRole('status').filter({ hasText: message })).toBeVisible();

test('an unverified user sees the banner, resends the link, and verifies with a click', async ({ page }) => {
  // Two mails (the first link, then the one resent) and the page read after each.
  test.slow();
  const user = await registerViaApi(page);
  await page.goto('/account');
  const banner = page.getByRole('region', { name: 'Please verify your email address' });
  await expect(banner).toContainText(`We sent a link to ${user.email}`);
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: 'Resend the link' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new verification link to ${user.email}.`);

  // Opening the link changes nothing by itself: the button does.
  await page.goto(linkIn((await mailTo(user.email, 'Verify')).text));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).emailVerified).toBe(false);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expectConfirmed(page, 'Thank you: your email address is verified.');
  await expect(banner).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a press on the button as the session arrives still confirms', async ({ page }) => {
  const user = await registerViaApi(page);
  // The session's answer is held back, as on a slow connection, until the button is under the pointer.
  let answerSession!: () => void;
  const sessionHeld = new Promise<void>((resolve) => (answerSession = resolve));
  await page.route('**/api/user', async (route) => {
    if (route.request().method() === 'GET') await sessionHeld;
    await route.continue();
  });
  await page.goto(linkIn((await mailTo(user.email, 'Verify')).text));
  const button = page.getByRole('button', { name: 'Confirm my email address' });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.down();
  answerSession();
  // Signed in (the header says so), and everything the answer makes the page load has loaded: before,
  // the verification banner arrived here and pushed the button from under the pointer.
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await button.boundingBox()).toEqual(box);
  await page.mouse.up();
  await expectConfirmed(page, 'Thank you: your email address is verified.');
});

test('a used or broken link says so', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid or has expired. Please ask for a new one from your account.',
  );
  await expectNoAxeViolations(page);
});

test('a new email asks for the password, and applies when its link is opened', async ({ page }) => {
  // A password confirmation, a mail to the new address, its link, and the page after.
  test.slow();
  const user = await registerViaApi(page);
  const next = uniqueUser().email;
  await page.goto('/account');
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Email').fill(next);
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(profile.getByText('Current password is required to change your email')).toBeVisible();
  await expectNoAxeViolations(page);

  await profile.getByLabel('Current password').fill(user.password);
  await profile.getByRole('button', { name: 'Save changes' }).click();
  const notice = `We sent a confirmation link to ${next}. Your email changes when you open it.`;
  await expect(profile.getByRole('status')).toHaveText(notice);
  // Nothing changed yet.
  await expect(profile.getByLabel('Email')).toHaveValue(user.email);
  await expect(profile.getByLabel('Current password')).toHaveCount(0);

  // At once, as a person would: the button does not move when the session's answer arrives.
  await page.goto(linkIn((await mailTo(next, 'Confirm')).text));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expectConfirmed(page, `Your email address is now ${next}.`);
  // The old address is told, with the way to secure the account.
  await mailTo(user.email, 'Your ChairNotes email address was changed');

  await page.goto('/account');
  await expect(profile.getByLabel('Email')).toHaveValue(next);
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toHaveCount(0);
});
