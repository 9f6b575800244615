import type { Page } from '@playwright/test';
import {
  atStripe,
  expect,
  expectNoAxeViolations,
  formatDate,
  giveBillingDetails,
  mailTo,
  registerViaApi,
  subscribeViaApi,
  subscriptionDetails,
  test,
} from '../fixtures';

// A cancellation is confirmed by mail with the date access ends
// (docs/decisions/066-failed-renewal-grace-and-money-mails.md), and the tab says the same; keeping it
// undoes it; once it has ended, the person resubscribes from the tab and pays (no second trial), and the
// payment is a receipt with its VAT. The end of the period is the fake Stripe's, as time would bring it;
// everything the subscriber does is done in the page.

async function cancelInTheTab(page: Page) {
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  await plan.getByRole('button', { name: 'I still want to cancel' }).click();
  await plan
    .getByRole('region', { name: 'Sorry to see you go' })
    .getByRole('button', { name: 'Confirm Cancellation' })
    .click();
  await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible();
}

test('a subscriber cancels (the mail and the tab give the end date), keeps it, cancels again, and resubscribes once it has ended', async ({
  page,
}) => {
  // A paid subscription, two cancellations, the period's end and a new subscription paid by card,
  // each followed by the webhook and a mail: about four ordinary tests' work.
  test.slow();
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);
  await atStripe(page, 'end-trial', user.email);

  await page.goto('/account?tab=subscription');
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await expect(plan).toContainText('Active');
  await cancelInTheTab(page);
  const ends = formatDate((await subscriptionDetails(page)).currentPeriodEnd);
  await expect(plan).toContainText(`Your subscription ends on ${ends}.`);
  await expect(plan).toContainText(`Ends on${ends}`);

  const confirmed = await mailTo(user.email, 'Your ChairNotes subscription is cancelled');
  expect(confirmed.subject).toBe(`Your ChairNotes subscription is cancelled: it ends on ${ends}`);
  expect(confirmed.text).toContain(`You keep full access until ${ends}, and you will not be charged again.`);

  // Changed their mind: kept, and nothing ends.
  await plan.getByRole('button', { name: 'Keep Subscription' }).click();
  await expect(page.getByText('Subscription Kept', { exact: true })).toBeVisible();
  await expect(plan).not.toContainText('Your subscription ends on');
  expect((await subscriptionDetails(page)).cancelAtPeriodEnd).toBe(false);
  const continues = await mailTo(user.email, 'Your ChairNotes subscription continues');
  expect(continues.text).toContain(`it goes on as before, and renews on ${ends}.`);

  // Cancelled again, and the period ends: the tab offers to resubscribe.
  await cancelInTheTab(page);
  await atStripe(page, 'advance-period', user.email);
  await page.reload();
  await expect(plan).toContainText('Cancelled');
  await expectNoAxeViolations(page);
  await plan.getByRole('link', { name: 'Resubscribe Now' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/subscribe\/pro$/);

  // The trial was used: this time the card pays the first month at once.
  await giveBillingDetails(page);
  const payment = page.getByRole('region', { name: 'Payment details' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry date').fill('12 / 30');
  await payment.getByLabel('Security code').fill('123');
  await payment.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');

  await page.goto('/account?tab=subscription');
  await expect(plan).toContainText('Active');
  await expect(plan).toContainText('Next billing date');
  const history = page.getByRole('region', { name: 'Billing history' });
  // The newest invoice is the one just paid (dated by Stripe's clock): net, VAT, total, and a receipt.
  const [newest] = await (await page.request.get('/api/billing/invoices')).json();
  expect(newest.status).toBe('paid');
  await expect(history.getByRole('row').nth(1).getByRole('cell')).toHaveText(
    [formatDate(newest.date), '£83.17', '£16.63', '£99.80', 'Paid', /^Receipt/],
    { useInnerText: true },
  );
  await expectNoAxeViolations(page);
  const receipt = await mailTo(user.email, 'Payment received: £99.80');
  expect(receipt.text).toContain('Invoice total £99.80: £83.17 plus £16.63 VAT.');
});
