import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import {
  atStripe,
  expect,
  expectNoAxeViolations,
  formatDate,
  giveBillingDetails,
  payByCard,
  registerViaApi,
  serveStripeJs,
  subscribeViaApi,
  subscriptionDetails,
  test,
} from './fixtures';

// Yearly plans (docs/decisions/096-yearly-plans.md): the pricing switch shows both prices from the HTML,
// a yearly subscription goes from the pricing page to its confirmation, and a yearly subscriber moves to
// monthly in the Subscription tab after seeing what it does to their bill.

/** A subscriber past the trial, its first period paid, on the Subscription tab: its summary region. */
async function paidSubscriptionTab(page: Page, planId: 'pro' | 'clinic', interval: 'month' | 'year') {
  const user = await registerViaApi(page);
  await subscribeViaApi(page, planId, interval);
  await atStripe(page, 'confirm-setup', user.email);
  await atStripe(page, 'end-trial', user.email);
  await page.goto('/account?tab=subscription');
  return page.getByRole('region', { name: 'Your subscription' });
}

for (const address of ['/pricing', '/']) {
  test(`the Monthly / Yearly switch on ${address} shows each price and leads to that interval`, async ({
    page,
  }) => {
    // The landing page is long (every section, the pricing among them): axe reading all of it on a busy
    // machine took most of an ordinary test's budget, and with the switch's checks more than all of it.
    if (address === '/') test.slow();
    await page.goto(address);
    const plus = page.getByRole('article', { name: 'Plus' });
    const practice = page.getByRole('article', { name: 'Practice' });
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    await expect(monthly).toBeChecked();
    await expect(plus.getByText('£99.80', { exact: true })).toBeVisible();
    await expect(plus.getByText('£998.00', { exact: true })).toBeHidden();

    // The keyboard moves between the two, as between any radios.
    await monthly.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(plus.getByText('£998.00', { exact: true })).toBeVisible();
    await expect(plus.getByText('£99.80', { exact: true })).toBeHidden();
    await expect(plus.getByText(/^Two months free: £83\.17 a month/)).toBeVisible();
    await expect(practice.getByText('£1,498.00', { exact: true })).toBeVisible();
    await expect(plus.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent('/subscribe/pro?interval=year')}&tab=register`,
    );
    await expectNoAxeViolations(page);

    await page.getByText('Monthly', { exact: true }).click();
    await expect(plus.getByText('£99.80', { exact: true })).toBeVisible();
    await expect(plus.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/auth?redirect=/subscribe/pro&tab=register',
    );
  });
}

test('a dentist chooses Plus by the year, pays by card and is told it is a year', async ({ page }) => {
  test.slow();
  await registerViaApi(page);
  await serveStripeJs(page);
  await page.goto('/pricing');
  await page.getByText('Yearly', { exact: true }).click();
  await page.getByRole('article', { name: 'Plus' }).getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/subscribe\/pro\?interval=year$/);
  await expect(page.getByText('Preparing your subscription...')).toBeHidden();
  const summary = page.getByRole('region', { name: 'Your plan' });
  await expect(summary).toContainText('£998.00/year inc. VAT');
  await expect(summary).toContainText('Billed once a year: two months free.');
  await expect(summary).toContainText('£998.00/year inc. VAT is taken from your card every year');

  await giveBillingDetails(page);
  await payByCard(page, 'Start Free Trial');
  await expect(page).toHaveURL(/\/subscribe\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
  await expect(page.getByText(/your first payment is taken then, for a year\.$/)).toBeVisible();

  await page.goto('/account?tab=subscription');
  const subscription = page.getByRole('region', { name: 'Your subscription' });
  await expect(subscription).toContainText('£998.00/year');

  // In the trial nothing has been paid: switching interval credits nothing and charges nothing.
  await subscription.getByRole('button', { name: 'Switch to monthly billing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to monthly billing?' });
  await expect(dialog.getByText('You are in your free trial: nothing is charged now.')).toBeVisible();
  await expect(dialog).toContainText('You pay every month instead of once a year.');
  await expect(dialog).not.toContainText('credited');
});

test('a yearly subscriber switches to monthly after seeing the credit and the new price', async ({
  page,
}) => {
  test.slow();
  const summary = await paidSubscriptionTab(page, 'pro', 'year');
  await expect(summary).toContainText('£998.00/year');
  await summary.getByRole('button', { name: 'Switch to monthly billing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to monthly billing?' });
  await expect(
    dialog.getByText(
      /^£\d[\d,]*\.\d\d \(inc\. VAT\) is credited to your account, for the unused part of your year\. It pays your next payment on \d{1,2} \w+ \d{4} \(£99\.80\) in full, and what is left comes off the payments after it\.$/,
    ),
  ).toBeVisible();
  await expect(dialog.getByText(/^Then £99\.80\/month inc\. VAT, next on /)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Confirm switch' }).click();
  await expect(page.getByText('You are now billed monthly for Plus.', { exact: true })).toBeVisible();
  await expect(summary).toContainText('£99.80/month');
  await expect(summary.getByRole('button', { name: 'Switch to yearly billing' })).toBeVisible();
});

test('a monthly subscriber sees a year charged less the unused month; while the 50 % discount runs, the switch waits and says why', async ({
  page,
}) => {
  test.slow();
  const summary = await paidSubscriptionTab(page, 'pro', 'month');
  await summary.getByRole('button', { name: 'Switch to yearly billing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to yearly billing?' });
  await expect(
    dialog.getByText(
      /^£\d[\d,]*\.\d\d \(inc\. VAT\) is charged now to your card, for a year from today, less the unused part of this month\./,
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The retention offer's discount halves monthly invoices only (docs/decisions/096-yearly-plans.md).
  const res = await page.request.post('/api/subscription/discount', { headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
  await page.reload();
  const toYearly = summary.getByRole('button', { name: 'Switch to yearly billing' });
  await expect(toYearly).toBeDisabled();
  await expect(toYearly).toHaveAccessibleDescription(
    'Your 50% discount is still running. You can switch to yearly once it has ended.',
  );
  // A switch of plan stays open: the discount carries over to it.
  await expect(summary.getByRole('button', { name: 'Switch to Practice' })).toBeEnabled();
});

test('a yearly subscriber who would cancel chooses monthly billing from the end of the year', async ({
  page,
}) => {
  test.slow();
  const summary = await paidSubscriptionTab(page, 'clinic', 'year');
  await expect(summary).toContainText('£1,498.00/year');
  const yearEnds = formatDate((await subscriptionDetails(page)).currentPeriodEnd);
  await summary.getByRole('button', { name: 'Cancel Subscription' }).click();
  const offer = summary.getByRole('region', { name: 'Before you go: pay monthly instead' });
  await expect(offer).toContainText(`from ${yearEnds} pay £149.80 a month`);
  // Not to be mistaken for the switch of interval beside it, which starts monthly billing today.
  await offer.getByRole('button', { name: `Pay Monthly from ${yearEnds}` }).click();
  await expect(page.getByText('Monthly Billing Chosen', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Your year stays as it is. When it ends you pay monthly, and can cancel any month.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByText('Discount Applied')).toBeHidden();

  // The year is paid for and the renewal stays: a switch now would be priced as a free trial, so it
  // waits, and says until when.
  await expect(summary).toContainText(yearEnds);
  const toPlus = summary.getByRole('button', { name: 'Switch to Plus' });
  await expect(toPlus).toBeDisabled();
  await expect(toPlus).toHaveAccessibleDescription(
    `Your next renewal is on ${yearEnds}. You can change plan from then.`,
  );
  await expectNoAxeViolations(page);
});

test('a friend subscribing by the year with a code is told the free month lengthens the trial, and the interval stays until the first payment', async ({
  page,
  browser,
}) => {
  test.slow();
  const referrerContext = await browser.newContext();
  const referrerPage = await referrerContext.newPage();
  await registerViaApi(referrerPage);
  const code = (await (await referrerPage.request.get('/api/referrals/code')).json()).referralCode as string;
  await referrerContext.close();

  await registerViaApi(page);
  await page.goto('/subscribe/pro?interval=year');
  const summary = page.getByRole('region', { name: 'Your plan' });
  await expect(page.getByText('Preparing your subscription...')).toBeHidden();
  await summary.getByLabel('Referral code', { exact: true }).fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText("Referral code applied. You'll get 1 month free!")).toBeVisible();
  await expect(summary).toContainText(
    'and your free month is added to it: £998.00/year inc. VAT is taken from your card a month later, then every year. Cancel before then and nothing is charged.',
  );

  await giveBillingDetails(page);
  await payByCard(page, 'Start Free Trial');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
  const trialEnds = formatDate((await subscriptionDetails(page)).trialEndsAt);
  await expect(
    page.getByText(
      `Your free trial has started, with your referral month added to it. It ends on ${trialEnds}; your first payment is taken then, for a year.`,
    ),
  ).toBeVisible();

  // The month was given the yearly way: switching interval now would change what it is worth, so the
  // dialog says why it waits (a 409), in words.
  await page.goto('/account?tab=subscription');
  await page.getByRole('button', { name: 'Switch to monthly billing' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Your referral month was given for this billing interval. You can switch after your first payment.',
  );
});
