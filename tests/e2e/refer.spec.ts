import type { Page, Route } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expect, mailTo, registerViaApi, test, uniqueUser, verifyViaApi } from './fixtures';

/** The signed-in user's code, as the API gives it. */
async function referralCodeOf(page: Page): Promise<string> {
  const { referralCode } = await (await page.request.get('/api/referrals/code')).json();
  expect(referralCode).toMatch(/^[A-Z0-9]+$/);
  return referralCode;
}

test.describe('/refer', () => {
  test('shows the code, a share link, zero stats and the terms', async ({ page }) => {
    await registerViaApi(page);
    const code = await referralCodeOf(page);
    await page.goto('/refer');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refer a Friend');
    const codeCard = page.getByRole('region', { name: 'Your referral code' });
    await expect(codeCard.getByText(code, { exact: true })).toBeVisible();
    await expect(codeCard.getByRole('textbox', { name: 'Share link' })).toHaveValue(
      `${baseURL}/auth?ref=${code}`,
    );

    const stats = page.getByRole('region', { name: 'Your referrals' });
    await expect(stats.getByRole('term')).toHaveText([
      'Total referrals',
      'Pending',
      'Completed',
      'Free months earned',
    ]);
    await expect(stats.getByRole('definition')).toHaveText(['0', '0', '0', '0']);

    const terms = page.getByRole('region', { name: 'Terms' });
    await expect(terms).toContainText('applied to the next billing cycle');
    await expect(terms).toContainText('at most 12 free months in any rolling 12 months');
    await expect(terms).toContainText('both need an active subscription');
    await expect(terms).toContainText('credited once your email address is verified');
  });

  test('an unverified referrer is told their free months wait for a verified email, until they verify', async ({
    page,
  }) => {
    const user = await registerViaApi(page);
    await page.goto('/refer');
    const notice = page.getByText(/^Verify your email address to receive your free months/);
    await expect(notice).toContainText(user.email);
    await verifyViaApi(page, user.email);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your referral code' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('the copy buttons put the code and the link on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerViaApi(page);
    const code = await referralCodeOf(page);
    await page.goto('/refer');

    const copyCode = page.getByRole('button', { name: 'Copy referral code' });
    await copyCode.click();
    await expect(page.getByText('Copied to clipboard!', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // The tick shows for 2 s, then the copy icon comes back.
    await expect(copyCode.locator('svg.lucide-check')).toBeVisible();
    await expect(copyCode.locator('svg.lucide-copy')).toBeVisible({ timeout: 4_000 });

    await page.getByRole('button', { name: 'Copy share link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/auth\\?ref=${code}$`),
    );
  });

  test('the copy button is reached and pressed with the keyboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerViaApi(page);
    const code = await referralCodeOf(page);
    await page.goto('/refer');
    await expect(page.getByRole('button', { name: 'Copy referral code' })).toBeVisible();

    // Tab from the top of the page until the copy button has focus.
    let focused = '';
    for (let i = 0; i < 40 && focused !== 'Copy referral code'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toBe('Copy referral code');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Copied to clipboard!', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test('an invitation is mailed to the friend with the share link, and the field clears', async ({
    page,
  }) => {
    await registerViaApi(page);
    const code = await referralCodeOf(page);
    const friend = uniqueUser();
    await page.goto('/refer');

    const form = page.getByRole('region', { name: 'Invite a colleague' });
    await form.getByLabel("Friend's email").fill(friend.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent!', { exact: true })).toBeVisible();
    await expect(form.getByLabel("Friend's email")).toHaveValue('');

    const mail = await mailTo(friend.email);
    expect(mail.text).toContain(`/auth?ref=${code}`);

    // The same address again within a week: the server's message in the failure toast.
    await form.getByLabel("Friend's email").fill(friend.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Failed to send invitation', { exact: true })).toBeVisible();
    await expect(
      page.getByText('You invited this address in the last 7 days.', { exact: true }),
    ).toBeVisible();
  });

  test('an invalid email is refused on submit and the message clears once corrected', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/refer');
    const form = page.getByRole('region', { name: 'Invite a colleague' });
    const field = form.getByLabel("Friend's email");
    await field.fill('not-an-email');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('colleague@example.co.uk');
    await expect(form.getByText('Please enter a valid email address', { exact: true })).toBeHidden();
  });

  test('a failed load says so instead of showing a code, and shows zero stats', async ({ page }) => {
    await registerViaApi(page);
    // A 4xx (a 5xx or a network failure would be logged as a console error, which fails the test).
    const refuse = (route: Route) => route.fulfill({ status: 429, json: { message: 'Too many requests' } });
    await page.route('**/api/referrals/code', refuse);
    await page.route('**/api/referrals/stats', refuse);
    await page.goto('/refer');
    await expect(
      page.getByText("We couldn't load your referral code just now.", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy referral code' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Invite a colleague' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your referrals' }).getByRole('definition')).toHaveText([
      '0',
      '0',
      '0',
      '0',
    ]);
  });

  test('a signed-out visitor is sent to sign in', async ({ page }) => {
    await page.goto('/refer');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Frefer$/);
  });
});
