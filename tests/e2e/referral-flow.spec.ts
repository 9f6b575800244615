import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  giveBillingDetails,
  registerViaApi,
  test,
  typeTestCard,
} from './fixtures';

// The referral code box against the real server and the fake Stripe: a code typed and never applied by
// hand goes with the subscription as the friend pays; a code that cannot be used says why before any
// payment, and the payment waits. The whole referral, from a share link to both free months, is walked
// in journeys/referral.spec.ts.

const referralCodeOf = async (page: Page) =>
  (await (await page.request.get('/api/referrals/code')).json()).referralCode as string;

test('a code typed but never applied by hand is applied as the friend pays', async ({ page, browser }) => {
  const referrerContext = await browser.newContext();
  const referrerPage = await referrerContext.newPage();
  await registerViaApi(referrerPage);
  const code = await referralCodeOf(referrerPage);

  await registerViaApi(page);
  await page.goto('/subscribe/pro');
  const summary = page.getByRole('region', { name: 'Your plan' });
  await summary.getByLabel('Referral code', { exact: true }).fill(code.toLowerCase());
  await giveBillingDetails(page);
  const payment = await typeTestCard(page);
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
  // The code the payment went with travelled as its metadata too
  // (docs/decisions/064-referral-code-applied-with-the-subscription.md).
  const confirmed = await page.evaluate(() => sessionStorage.getItem('stripe-standin:last-confirm'));
  expect(JSON.parse(confirmed ?? 'null').confirmParams.payment_method_data).toEqual({
    metadata: { referralCode: code },
  });

  const stats = await (await referrerPage.request.get('/api/referrals/stats')).json();
  expect(stats).toMatchObject({ totalReferrals: 1, pendingReferrals: 1 });
  await referrerContext.close();
});

test('a code that cannot be used says why before payment, and the payment waits for it', async ({ page }) => {
  await registerViaApi(page);
  const own = await referralCodeOf(page);
  await page.goto('/subscribe/pro');
  const summary = page.getByRole('region', { name: 'Your plan' });
  const codeInput = summary.getByLabel('Referral code', { exact: true });
  await codeInput.fill(own);
  await giveBillingDetails(page);
  const payment = await typeTestCard(page);
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(summary.getByRole('alert')).toHaveText('Not applied. You cannot use your own referral code.');
  await expect(payment.getByRole('alert')).toHaveText('Invalid code: You cannot use your own referral code.');
  await expect(page).toHaveURL(/\/subscribe\/pro$/);

  // Without the code, the same card starts the trial.
  await codeInput.fill('');
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
});

test("a share link's code that cannot be used is shown as such as the page opens", async ({ page }) => {
  // A share link, a registration and the subscribe page with its payment form.
  test.slow();
  await page.goto('/auth?ref=NOSUCH99');
  await expect(page.getByText('Referral code NOSUCH99 will be applied when you subscribe')).toBeVisible();
  await registerViaApi(page);
  await page.goto('/subscribe/pro');
  const summary = page.getByRole('region', { name: 'Your plan' });
  await expect(summary.getByRole('alert')).toHaveText('Not applied. This referral code does not exist.');
  await expect(summary.getByLabel('Referral code', { exact: true })).toHaveValue('NOSUCH99');
  await expect(summary.getByText("Referral code applied. You'll get 1 month free!")).toHaveCount(0);
  // The refused code, its reason tied to the field, is as readable as the rest of the page.
  await expectNoAxeViolations(page);
});
