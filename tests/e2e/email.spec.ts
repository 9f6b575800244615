import { expect, expectNoAxeViolations, mailTo, registerViaApi, test, uniqueUser } from './fixtures';

/** The path of the verification or email-change link in a mail (the server writes its own origin). */
function linkIn(text: string): string {
  const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, `a link in: ${text}`).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('an unverified user sees the banner, resends the link, and verifies with a click', async ({ page }) => {
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
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'Thank you: your email address is verified.' }),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a used or broken link says so', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '400: This link is invalid or has expired. Please ask for a new one from your account.',
  );
  await expectNoAxeViolations(page);
});

test('a new email asks for the password, and applies when its link is opened', async ({ page }) => {
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

  await page.goto(linkIn((await mailTo(next, 'Confirm')).text));
  // Signed in: click once the session has loaded (the banner shows it), as a person would see it.
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Your email address is now ${next}.` }),
  ).toBeVisible();
  // The old address is told, with the way to secure the account.
  await mailTo(user.email, 'Your ChairNotes email address was changed');

  await page.goto('/account');
  await expect(profile.getByLabel('Email')).toHaveValue(next);
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toHaveCount(0);
});
