import { atStripe, expect, expectNoAxeViolations, registerViaApi, subscribeViaApi, test } from './fixtures';

// Switching between Plus and Practice (docs/architecture.md#practices): the dialog shows the money Stripe's
// preview gives before anything moves; the pricing page marks the current plan and leads to the switch.

test('switch Plus to Practice in the trial, then back after it, seeing the money first', async ({ page }) => {
  // A subscription, its trial's end at the fake Stripe, and two switches with their previews.
  test.slow();
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);

  // The pricing page marks the plan and offers the other.
  await page.goto('/pricing');
  const plus = page.getByRole('article', { name: 'Plus' });
  const practice = page.getByRole('article', { name: 'Practice' });
  await expect(plus.getByText('Current plan', { exact: true })).toBeVisible();
  // Theirs only: not Lite as well.
  await expect(page.getByText('Current plan', { exact: true })).toHaveCount(1);
  await practice.getByRole('link', { name: 'Switch to Practice' }).click();

  // It opens the Subscription tab's dialog.
  const dialog = page.getByRole('dialog', { name: 'Switch to Practice?' });
  await expect(dialog.getByText('You are in your free trial: nothing is charged now.')).toBeVisible();
  await expect(dialog.getByText(/^Then £149\.80\/month inc\. VAT, next on /)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Confirm switch' }).click();
  await expect(page.getByText('You are now on the Practice plan.', { exact: true })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your subscription' });
  await expect(summary.getByText('Current plan: Practice')).toBeVisible();
  // The Practice plan is a practice: its page is in the header now.
  await expect(page.getByRole('link', { name: 'Practice', exact: true }).first()).toBeVisible();

  // After the trial, moving down credits the rest of the period to the next invoice.
  await atStripe(page, 'end-trial', user.email);
  await page.reload();
  await summary.getByRole('button', { name: 'Switch to Plus' }).click();
  const back = page.getByRole('dialog', { name: 'Switch to Plus?' });
  // When the credit is used, not only that there is one: off the next payment, with what is left to pay.
  await expect(
    back.getByText(
      /^£\d+\.\d\d \(inc\. VAT\) is credited to your account, for the rest of this billing period\. It comes off your next payment on \d{1,2} \w+ \d{4}: of £99\.80, you pay £\d+\.\d\d\.$/,
    ),
  ).toBeVisible();
  await expect(back.getByText(/^Then £99\.80\/month inc\. VAT/)).toBeVisible();
  await back.getByRole('button', { name: 'Confirm switch' }).click();
  await expect(page.getByText('You are now on the Plus plan.', { exact: true })).toBeVisible();
  await expect(summary.getByText('Current plan: Plus')).toBeVisible();
});

test('while frozen the switch says why it waits', async ({ page }) => {
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'clinic');
  await atStripe(page, 'confirm-setup', user.email);
  await page.goto('/account?tab=subscription');
  const summary = page.getByRole('region', { name: 'Your subscription' });
  await summary.getByRole('button', { name: 'Freeze Subscription' }).click();
  await page
    .getByRole('dialog', { name: 'Freeze your subscription?' })
    .getByRole('button', { name: 'Freeze Subscription' })
    .click();
  const switchButton = summary.getByRole('button', { name: 'Switch to Plus' });
  await expect(switchButton).toBeDisabled();
  await expect(switchButton).toHaveAccessibleDescription('Resume your subscription first.');
});
