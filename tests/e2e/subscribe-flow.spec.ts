import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, registerViaApi, subscribeViaApi, test } from './fixtures';

// The subscription flows end to end: the app's server talks to the fake Stripe API, the browser to
// the Stripe.js stand-in. Nothing here is answered by page.route except Stripe.js itself.

const STRIPE_STANDIN = path.resolve('tests/e2e/support/stripe-js-standin.js');

async function serveStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: STRIPE_STANDIN, contentType: 'application/javascript' }),
  );
}

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
const formatDate = (iso: string) => longDate.format(new Date(iso));

/** The signed-in user's subscription as the account page reads it. */
async function subscriptionOf(page: Page) {
  const res = await page.request.get('/api/subscription');
  expect(res.status()).toBe(200);
  return res.json();
}

test('a dentist chooses Plus, pays by card and sees the trial on the confirmation and in the account', async ({
  page,
}) => {
  await registerViaApi(page);
  await serveStripeJs(page);
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/subscribe\/pro$/);
  await expect(page.getByText('Preparing your subscription...')).toBeHidden();
  const summary = page.getByRole('region', { name: 'Your plan' });
  await expect(summary).toContainText('Plus');
  await expect(summary).toContainText('£99.80');
  await expect(summary).toContainText('Charged after 2 week free trial');

  const payment = page.getByRole('region', { name: 'Payment details' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry date').fill('12 / 30');
  await payment.getByLabel('Security code').fill('123');
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();

  await expect(page).toHaveURL(/\/subscribe\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
  const { trialEndsAt } = await subscriptionOf(page);
  expect(trialEndsAt).toBeTruthy();
  await expect(
    page.getByText(`Your 14-day free trial has started. It ends on ${formatDate(trialEndsAt)}`),
  ).toBeVisible();

  // A subscriber may open the note-writing app.
  await page.getByRole('button', { name: 'My Account' }).click();
  await expect(page.getByRole('menuitem', { name: /Open ChairNotes/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await expect(plan).toContainText('Plus');
  await expect(plan).toContainText('£99.80/month');
  await expect(plan).toContainText('Free trial');
  await expect(plan).toContainText(`Trial ends${formatDate(trialEndsAt)}`);
  await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
});

test('a declined card shows "Payment Failed" and the dentist can try again', async ({ page }) => {
  await registerViaApi(page);
  await serveStripeJs(page);
  await page.goto('/subscribe/clinic');
  const payment = page.getByRole('region', { name: 'Payment details' });
  await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
  await expect(page).toHaveURL(/\/subscribe\/clinic$/);
});

test('a subscriber freezes the subscription for 30 days, then resumes it', async ({ page }) => {
  await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await page.goto('/account?tab=subscription');
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await plan.getByRole('button', { name: 'Freeze Subscription' }).click();
  await page
    .getByRole('dialog', { name: 'Freeze your subscription?' })
    .getByRole('button', { name: 'Freeze Subscription' })
    .click();
  await expect(page.getByText('Subscription Frozen', { exact: true })).toBeVisible();
  await expect(plan).toContainText('Frozen');
  const { status, pausedUntil } = await subscriptionOf(page);
  expect(status).toBe('paused');
  await expect(plan).toContainText(`Your subscription is frozen until ${formatDate(pausedUntil)}.`);

  await plan.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(page.getByText('Subscription Resumed', { exact: true })).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toBeVisible();
  expect((await subscriptionOf(page)).status).toBe('active');
});

test('a subscriber who cancels is offered 50% off for 3 months and accepts it', async ({ page }) => {
  await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await page.goto('/account?tab=subscription');
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  const offer = plan.getByRole('region', { name: 'Before you go: 50% off for 3 months' });
  await offer.getByRole('button', { name: 'Accept 50% Discount' }).click();
  await expect(page.getByText('Discount Applied', { exact: true })).toBeVisible();
  await expect(plan).toContainText('£49.90/month');
  await expect(plan.getByRole('region', { name: 'Cancel with Discount' })).toBeVisible();
  const details = await subscriptionOf(page);
  expect(details.hasDiscount).toBe(true);
  expect(details.retentionOfferAvailable).toBe(false);
  expect(details.cancelAtPeriodEnd).toBe(false);
});

test('a subscriber cancels, sees the end date, and keeps the subscription after all', async ({ page }) => {
  await registerViaApi(page);
  await subscribeViaApi(page, 'clinic');
  await page.goto('/account?tab=subscription');
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  await plan.getByRole('button', { name: 'I still want to cancel' }).click();
  await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible();
  const details = await subscriptionOf(page);
  expect(details.cancelAtPeriodEnd).toBe(true);
  await expect(plan).toContainText(
    `Your subscription ends on ${formatDate(details.currentPeriodEnd ?? details.trialEndsAt)}.`,
  );

  await plan.getByRole('button', { name: 'Keep Subscription' }).click();
  await expect(page.getByText('Subscription Kept', { exact: true })).toBeVisible();
  await expect(plan).not.toContainText('Your subscription ends on');
  expect((await subscriptionOf(page)).cancelAtPeriodEnd).toBe(false);
});
