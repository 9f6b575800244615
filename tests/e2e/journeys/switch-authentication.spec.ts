import type { Page } from '@playwright/test';
import { atStripe, expect, expectNoAxeViolations, registerViaApi, subscribeViaApi, test } from '../fixtures';

// A plan switch the bank wants confirmed (docs/decisions/067-plan-switch-authentication.md):
// a dentist on Plus whose bank asks to confirm every card payment (Stripe's test card
// 4000 0027 6000 3184, as UK banks may under SCA) switches to Practice. The bank's check runs in the
// page (Stripe.js; here its stand-in's challenge); passed, the switch completes; failed, nothing changes.

const ALWAYS_ASKS = '4000 0027 6000 3184';

/** Set-up, not under test: a Plus subscriber past the trial, its first payment confirmed at Stripe. */
async function plusSubscriberWhoseBankAlwaysAsks(page: Page) {
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email, { card: ALWAYS_ASKS });
  // The trial ends: the card's bank asks about the first payment too, confirmed on Stripe's page.
  await atStripe(page, 'end-trial', user.email);
  await atStripe(page, 'confirm-action', user.email);
  return user;
}

/** Opens the switch to Practice from the Subscription tab and confirms it, up to the bank's check. */
async function switchToPractice(page: Page) {
  await page.goto('/account?tab=subscription');
  const summary = page.getByRole('region', { name: 'Your subscription' });
  await expect(summary.getByText('Current plan: Plus')).toBeVisible();
  await summary.getByRole('button', { name: 'Switch to Practice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Practice?' });
  // Asserted on the dialog's whole text, so that a failure shows what it said instead.
  await expect(dialog).toContainText(/£\d+\.\d\d \(inc\. VAT\) is charged now to your card/);
  await expect(dialog).toContainText('Your bank may ask you to confirm it.');
  await dialog.getByRole('button', { name: 'Confirm switch' }).click();
  const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(bank).toBeVisible();
  return { summary, dialog, bank };
}

test('the bank asks, the person confirms in the page, and the switch completes', async ({ page }) => {
  // Set-up walks Stripe through a trial's end and a confirmed payment before the switch.
  test.slow();
  await plusSubscriberWhoseBankAlwaysAsks(page);
  const { summary, bank } = await switchToPractice(page);
  await bank.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(page.getByText('You are now on the Practice plan.', { exact: true })).toBeVisible();
  await expect(summary.getByText('Current plan: Practice')).toBeVisible();
  await expectNoAxeViolations(page);
  // The Practice plan is a practice, theirs to run.
  await page.getByRole('link', { name: 'Practice', exact: true }).first().click();
  await expect(page).toHaveURL(/\/practice$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('practice');
});

test('the bank check fails: the person stays on Plus and is told so', async ({ page }) => {
  test.slow();
  await plusSubscriberWhoseBankAlwaysAsks(page);
  const { summary, dialog, bank } = await switchToPractice(page);
  await bank.getByRole('button', { name: 'Fail authentication' }).click();

  await expect(dialog.getByRole('alert')).toHaveText(
    'Your bank did not confirm the payment, so your plan has not changed. Nothing was charged.',
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(summary.getByText('Current plan: Plus')).toBeVisible();
  await page.reload();
  await expect(summary.getByText('Current plan: Plus')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Practice', exact: true })).toHaveCount(0);
});

test('a new card whose bank asks pays the overdue renewal once confirmed in the page', async ({ page }) => {
  // Set-up walks Stripe through a trial's end whose payment fails.
  test.slow();
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);
  await atStripe(page, 'end-trial', user.email, { paymentFails: true });

  await page.goto('/account?tab=subscription');
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await plan.getByRole('button', { name: 'Update card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update your card' });
  await dialog.getByLabel('Card number').fill(ALWAYS_ASKS);
  await dialog.getByLabel('Expiry date').fill('12 / 30');
  await dialog.getByLabel('Security code').fill('123');
  await dialog.getByRole('button', { name: 'Save card and pay' }).click();
  // The bank asks once as the card is saved, and again as the renewal is charged to it.
  const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await bank.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(page.getByText('Card updated', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('3184');
  await expect
    .poll(async () => (await (await page.request.get('/api/subscription')).json()).status)
    .toBe('active');
});
