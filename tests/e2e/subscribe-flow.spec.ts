import type { Page } from '@playwright/test';
import { baseURL, NOTE_APP_URL } from '../../playwright.config';
import {
  adminSessionCookies,
  atStripe,
  expect,
  expectNoAxeViolations,
  formatDate,
  giveBillingDetails,
  mailTo,
  payByCard,
  registerViaApi,
  serveStripeJs,
  subscribeViaApi,
  test,
} from './fixtures';

// The subscription flows end to end: the app's server talks to the fake Stripe API, the browser to
// the Stripe.js stand-in, and the tests move Stripe (a saved card, the end of a trial, a failure)
// through the fake's control server. Nothing of ours is answered by page.route: only Stripe.js and
// Stripe's billing portal.

/** The signed-in user's subscription as the account page reads it. */
async function subscriptionOf(page: Page) {
  const res = await page.request.get('/api/subscription');
  expect(res.status()).toBe(200);
  return res.json();
}

test('a dentist chooses Plus, pays by card and sees the trial on the confirmation and in the account', async ({
  page,
}) => {
  // Five pages in turn (pricing, subscribe, confirmation, menu, account) with Stripe in between:
  // about three ordinary tests' work, near the time a test gets (docs/performance.md#browser-test-durations).
  test.slow();
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

  await giveBillingDetails(page);
  await payByCard(page, 'Start Free Trial');

  await expect(page).toHaveURL(/\/subscribe\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
  const { trialEndsAt } = await subscriptionOf(page);
  expect(trialEndsAt).toBeTruthy();
  await expect(
    page.getByText(`Your 14-day free trial has started. It ends on ${formatDate(trialEndsAt)}`),
  ).toBeVisible();

  // A subscriber may open the note-writing app: 'Start Using' goes there now.
  await expect(page.getByRole('main').getByRole('link', { name: 'Start Using' })).toHaveAttribute(
    'href',
    NOTE_APP_URL,
  );
  await page.getByRole('button', { name: 'My Account' }).click();
  await expect(page.getByRole('menuitem', { name: /Open ChairNotes/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await expect(plan).toContainText('Plus');
  await expect(plan).toContainText('£99.80/month inc. VAT');
  await expect(plan).toContainText('Free trial');
  await expect(plan).toContainText(`Trial ends${formatDate(trialEndsAt)}`);
  await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
});

test('a declined card shows "Payment Failed" and the dentist can try again', async ({ page }) => {
  await registerViaApi(page);
  await serveStripeJs(page);
  await page.goto('/subscribe/clinic');
  await giveBillingDetails(page);
  const payment = page.getByRole('region', { name: 'Payment details' });
  await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
  // Beside the form too: the toast goes after five seconds.
  await expect(payment.getByRole('alert')).toHaveText('Payment Failed: Your card was declined.');
  await expect(payment.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
  await expect(page).toHaveURL(/\/subscribe\/clinic$/);
});

// Stripe's 3D Secure test cards ask the person present to authenticate when the card is first saved:
// Stripe.js shows the bank's check in the page (its stand-in: a dialog), before anything begins.
test('a card whose bank asks is saved only once the check in the page passes; 3155 then renews without asking', async ({
  page,
}) => {
  // A failed check, a passed one, and the trial's end through the fake Stripe.
  test.slow();
  const user = await registerViaApi(page);
  await page.goto('/subscribe/pro');
  await giveBillingDetails(page);
  await payByCard(page, 'Start Free Trial', '4000 0025 0000 3155');
  const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(bank).toContainText('Your bank asks you to confirm this payment');
  await expectNoAxeViolations(page);
  await bank.getByRole('button', { name: 'Fail authentication' }).click();
  const payment = page.getByRole('region', { name: 'Payment details' });
  await expect(payment.getByRole('alert')).toHaveText(
    'Payment Failed: We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  );
  // Nothing began: no plan, no card.
  expect(await (await page.request.get('/api/user')).json()).toMatchObject({
    plan: 'free',
    noteAppAccess: false,
  });

  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
  expect(await (await page.request.get('/api/user')).json()).toMatchObject({
    plan: 'pro',
    noteAppAccess: true,
  });
  // Set up with the check passed, the renewal while the person is away is not asked about.
  await atStripe(page, 'end-trial', user.email);
  expect(await subscriptionOf(page)).toMatchObject({ status: 'active', paymentActionUrl: null });
});

test('billing details are asked before the card, checked the UK way, and changed in the Subscription tab', async ({
  page,
}) => {
  // Two pages with a form each, every save going to the fake Stripe.
  test.slow();
  await registerViaApi(page);
  await serveStripeJs(page);
  await page.goto('/subscribe/pro');
  const payment = page.getByRole('region', { name: 'Payment details' });
  const form = payment.getByRole('form', { name: 'Billing details' });
  await expect(payment.getByLabel('Card number')).toHaveCount(0);
  // A control character pasted with the name (here BEL) is refused, as the server refuses it.
  await form.getByLabel('Practice or business name').fill('Smile\u0007Dental Ltd');
  await form.getByLabel('Address', { exact: true }).fill('12 High Street');
  await form.getByLabel('Town or city').fill('Leeds');
  await form.getByLabel('Postcode').fill('75001');
  await form.getByLabel('UK VAT number (optional)').fill('123 4567 89');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(form.getByText('Please enter a UK postcode, like SW1A 1AA', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    form.getByText('Practice or business name must be one line of text, without control characters', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(form.getByLabel('Practice or business name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await form.getByLabel('Practice or business name').fill('Smile Dental Ltd');
  await form.getByLabel('Postcode').fill('ls1 4ap');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  const madeOutTo = payment.locator('address');
  await expect(madeOutTo).toContainText('Smile Dental Ltd');
  await expect(madeOutTo).toContainText('Leeds LS1 4AP');
  await expect(madeOutTo).toContainText('VAT number GB123456789');
  await expect(payment.getByLabel('Card number')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/account?tab=subscription');
  const card = page.getByRole('region', { name: 'Billing details' });
  await expect(card).toContainText('Smile Dental Ltd');
  await card.getByRole('button', { name: 'Change billing details' }).click();
  await card.getByLabel('UK VAT number (optional)').fill('');
  await card.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Billing details saved', { exact: true })).toBeVisible();
  await expect(card).toContainText('No VAT number');
  await expect(card).toContainText('12 High Street');
});

/**
 * A subscriber a month in: the trial started through the API, the card typed at Stripe saved, and
 * the trial ended with the first invoice paid (or, with paymentFails, declined).
 */
async function subscriberAfterTrial(page: Page, opts: { paymentFails?: boolean } = {}) {
  // A trial, a card and the trial's end through the API, the fake Stripe and the webhook, before the
  // test walks the tab: twice an ordinary test's work (docs/performance.md#browser-test-durations), so three
  // times the budget.
  test.slow();
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);
  await atStripe(page, 'end-trial', user.email, opts);
  return user;
}

/** A cancellation just confirmed: it ends at `endsAt`, at Stripe too; then Keep Subscription undoes it. */
/** `whileCancelled`: what else to check before the person keeps it. */
async function expectCancelledThenKept(page: Page, endsAt: string, whileCancelled?: () => Promise<void>) {
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible();
  await expect(plan).toContainText(`Your subscription ends on ${formatDate(endsAt)}.`);
  expect((await subscriptionOf(page)).cancelAtPeriodEnd).toBe(true);
  await whileCancelled?.();

  await plan.getByRole('button', { name: 'Keep Subscription' }).click();
  await expect(page.getByText('Subscription Kept', { exact: true })).toBeVisible();
  await expect(plan).not.toContainText('Your subscription ends on');
  expect((await subscriptionOf(page)).cancelAtPeriodEnd).toBe(false);
}

test.describe('the Subscription tab of a subscriber', () => {
  test('freeze with confirmation, then resume', async ({ page }) => {
    await subscriberAfterTrial(page);
    const { currentPeriodEnd } = await subscriptionOf(page);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Plus');
    await expect(plan).toContainText('£99.80/month inc. VAT');
    await expect(plan).toContainText('Active');
    await expect(plan).toContainText(`Next billing date${formatDate(currentPeriodEnd)}`);

    // The dialog explains the freeze; backing out returns focus to the button and changes nothing.
    const freeze = plan.getByRole('button', { name: 'Freeze Subscription' });
    await freeze.click();
    const dialog = page.getByRole('dialog', { name: 'Freeze your subscription?' });
    await expect(dialog).toContainText('pauses for 30 days');
    await expect(dialog).toContainText("you won't be charged while it is frozen");
    await expect(dialog).toContainText('The note app is closed to you until it resumes');
    await expect(dialog).toContainText(
      `It resumes by itself on ${formatDate(new Date(Date.now() + 30 * 86_400_000).toISOString())}`,
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(freeze).toBeFocused();
    await freeze.click();
    await dialog.getByRole('button', { name: 'Keep Active' }).click();
    await expect(freeze).toBeFocused();
    expect((await subscriptionOf(page)).status).toBe('active');

    await freeze.click();
    await dialog.getByRole('button', { name: 'Freeze Subscription' }).click();
    await expect(page.getByText('Subscription Frozen', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(plan).toContainText('Frozen');
    const { status, pausedUntil } = await subscriptionOf(page);
    expect(status).toBe('paused');
    await expect(plan).toContainText(`Resumes on${formatDate(pausedUntil)}`);
    await expect(plan).toContainText(`Your subscription is frozen until ${formatDate(pausedUntil)}.`);
    await expect(plan).toContainText('The note app is closed to you until it resumes');
    await expect(plan.getByRole('heading', { name: 'Your subscription' })).toBeFocused();

    await plan.getByRole('button', { name: 'Resume Subscription' }).click();
    await expect(page.getByText('Subscription Resumed', { exact: true })).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toBeVisible();
    expect((await subscriptionOf(page)).status).toBe('active');
  });

  test('cancel: the 50% offer is accepted, then cancelling with the discount, then keeping it', async ({
    page,
  }) => {
    await subscriberAfterTrial(page);
    const { currentPeriodEnd } = await subscriptionOf(page);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
    const offer = plan.getByRole('region', { name: 'Before you go: 50% off for 3 months' });
    await expect(offer).toContainText('pay £49.90 a month instead of £99.80');
    await expect(offer.getByRole('heading')).toBeFocused();
    await offer.getByRole('button', { name: 'Accept 50% Discount' }).click();
    await expect(page.getByText('Discount Applied', { exact: true })).toBeVisible();
    await expect(plan).toContainText('£49.90/month inc. VAT');
    await expect(offer).toHaveCount(0);
    expect(await subscriptionOf(page)).toMatchObject({
      hasDiscount: true,
      retentionOfferAvailable: false,
      cancelAtPeriodEnd: false,
    });

    // With the discount applied, cancelling is offered in its own card, with a confirmation.
    const card = plan.getByRole('region', { name: 'Cancel with Discount' });
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
    await expect(dialog).toHaveCount(0);
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expectCancelledThenKept(page, currentPeriodEnd);
    await expect(plan.getByRole('region', { name: 'Cancel with Discount' })).toBeVisible();
  });

  test('in the trial: "I still want to cancel" asks why (optionally), cancels at the trial\'s end, and keeping it undoes that', async ({
    page,
    browser,
  }) => {
    // The subscriber's tab, then the admin's dashboard in a browser of its own.
    test.slow();
    const { email } = await registerViaApi(page);
    await subscribeViaApi(page, 'clinic');
    await atStripe(page, 'confirm-setup', email);
    const { trialEndsAt } = await subscriptionOf(page);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Free trial');
    await expect(plan).toContainText(`Trial ends${formatDate(trialEndsAt)}`);
    await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
    await plan.getByRole('button', { name: 'I still want to cancel' }).click();
    const why = plan.getByRole('region', { name: 'Sorry to see you go' });
    await expect(why.getByRole('heading', { name: 'Sorry to see you go' })).toBeFocused();
    await why.getByRole('radio', { name: "I'm moving to another product" }).check();
    await why
      .getByLabel("Anything you'd like to tell us? (optional)")
      .fill('Trying a competitor for a month.');
    await expectNoAxeViolations(page);
    await why.getByRole('button', { name: 'Confirm Cancellation' }).click();
    // While it stands, the reason is counted on the admin dashboard (once kept, it is not: billing.test.ts).
    await expectCancelledThenKept(page, trialEndsAt, async () => {
      const adminContext = await browser.newContext();
      try {
        await adminContext.addCookies(adminSessionCookies());
        const admin = await adminContext.newPage();
        await admin.goto('/admin/dashboard');
        const reasons = admin.getByRole('figure', { name: 'Cancellations by reason, last 90 days' });
        await expect(reasons).toContainText("I'm moving to another product");
      } finally {
        await adminContext.close();
      }
    });
  });

  test('an action Stripe fails says so with the reason, and changes nothing', async ({
    page,
    consoleErrors,
  }) => {
    const user = await registerViaApi(page);
    await subscribeViaApi(page, 'pro');
    await atStripe(page, 'confirm-setup', user.email);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await plan.getByRole('button', { name: 'Freeze Subscription' }).click();
    await atStripe(page, 'fail-next', user.email);
    await page.getByRole('dialog').getByRole('button', { name: 'Freeze Subscription' }).click();
    await expect(page.getByText('Failed to freeze subscription', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Our payment provider did not respond as expected. Nothing was charged; please try again.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep Active' }).click();
    await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toBeFocused();
    expect((await subscriptionOf(page)).status).toBe('active');
    // Chromium logs the 502 as a failed resource: expected here, and nothing else.
    expect(consoleErrors).toEqual([expect.stringContaining('status of 502')]);
    consoleErrors.length = 0;
  });

  test("a failed payment: a warning in words, a new card in the page that pays it at once, and Stripe's portal", async ({
    page,
  }) => {
    await subscriberAfterTrial(page, { paymentFails: true });
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Payment overdue');
    await expect(plan).toContainText('Warning: your last payment failed.');
    await expect(plan.getByRole('button', { name: 'Manage billing at Stripe' })).toBeVisible();

    // A new card, typed in the page: saved, and the unpaid renewal taken from it at once.
    await serveStripeJs(page);
    await plan.getByRole('button', { name: 'Update card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update your card' });
    await dialog.getByLabel('Card number').fill('4111 1111 1111 1111');
    await dialog.getByLabel('Expiry date').fill('12 / 30');
    await dialog.getByLabel('Security code').fill('123');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save card and pay' }).click();
    await expect(page.getByText('Card updated', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(plan).not.toContainText('Payment overdue');
    await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('1111');
    expect((await subscriptionOf(page)).status).toBe('active');
  });

  test("Stripe's portal opens for a subscriber from the Payment method card", async ({ page }) => {
    await subscriberAfterTrial(page, { paymentFails: true });
    // Stripe's billing portal is Stripe's site, not ours: a page stands in for it.
    await page.route('https://billing.stripe.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Billing portal</title><h1>Billing portal</h1>',
      }),
    );
    await page.goto('/account?tab=subscription');
    await page
      .getByRole('region', { name: 'Your subscription' })
      .getByRole('button', { name: 'Manage billing at Stripe' })
      .click();
    await expect(page).toHaveURL(/^https:\/\/billing\.stripe\.test\/session\/bps_/);
  });

  test("a renewal the bank wants confirmed: a banner on every page and in the tab links to Stripe's page, and goes once paid", async ({
    page,
  }) => {
    // A card whose bank asks for authentication on every payment, however it was saved (Stripe's test
    // card 4000 0027 6000 3184; 4000 0025 0000 3155, once saved, would not ask at a renewal): saved at
    // the subscribe page after the bank's check, it asks again at the trial's end.
    test.slow();
    const user = await registerViaApi(page);
    await serveStripeJs(page);
    await page.goto('/subscribe/pro');
    await giveBillingDetails(page);
    await payByCard(page, 'Start Free Trial', '4000 0027 6000 3184');
    await page
      .getByRole('dialog', { name: 'Confirm your payment' })
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
    await atStripe(page, 'end-trial', user.email);
    const { paymentActionUrl } = await subscriptionOf(page);
    expect(paymentActionUrl).toMatch(/^https:\/\//);

    await page.goto('/');
    const banner = page.getByRole('region', { name: "Your bank asks you to confirm this month's payment" });
    await expect(banner.getByRole('link', { name: 'Confirm payment' })).toHaveAttribute(
      'href',
      paymentActionUrl,
    );
    await expectNoAxeViolations(page);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText("Your bank asks you to confirm this month's payment.");
    await expect(plan.getByRole('link', { name: 'Confirm payment' })).toHaveAttribute(
      'href',
      paymentActionUrl,
    );
    expect((await mailTo(user.email, 'Your bank asks you to confirm')).text).toContain(paymentActionUrl);

    // Confirmed at Stripe: paid, and the banner goes.
    await atStripe(page, 'confirm-action', user.email);
    await page.reload();
    await expect(plan).toContainText('Current plan: Plus');
    await expect(
      page.getByRole('region', { name: "Your bank asks you to confirm this month's payment" }),
    ).toHaveCount(0);
  });

  test('a subscription cancelled at the end of the trial offers to resubscribe', async ({ page }) => {
    const user = await registerViaApi(page);
    await subscribeViaApi(page, 'pro');
    await atStripe(page, 'confirm-setup', user.email);
    const cancel = await page.request.post('/api/subscription/cancel', { headers: { origin: baseURL } });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await atStripe(page, 'end-trial', user.email);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Cancelled');
    await expect(plan.getByRole('link', { name: 'Resubscribe Now' })).toHaveAttribute('href', '/pricing');
    await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toHaveCount(0);
  });

  test('billing history and the card on file', async ({ page }) => {
    await subscriberAfterTrial(page);
    const invoices = await (await page.request.get('/api/billing/invoices')).json();
    // The trial's invoice of nothing, then the first month's.
    expect(invoices.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
      [99.8, 'paid'],
      [0, 'paid'],
    ]);
    await page.goto('/account?tab=subscription');
    const history = page.getByRole('region', { name: 'Billing history' });
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(3);
    const paid = formatDate(invoices[0].date);
    // Net, VAT and total, and only a paid invoice is a receipt
    // (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
    await expect(rows.nth(1).getByRole('cell')).toHaveText(
      [paid, '£83.17', '£16.63', '£99.80', 'Paid', /^Receipt/],
      { useInnerText: true },
    );
    await expect(rows.nth(2).getByRole('cell')).toHaveText(
      [formatDate(invoices[1].date), '£0.00', '£0.00', '£0.00', 'Paid', /^Invoice/],
      { useInnerText: true },
    );
    const receipt = rows.nth(1).getByRole('link', { name: `Receipt for ${paid}` });
    await expect(receipt).toHaveAttribute('href', invoices[0].url);
    await expect(receipt).toHaveAttribute('target', '_blank');
    await expect(receipt).toHaveAttribute('rel', /noopener/);
    const expiry = `12/${new Date().getUTCFullYear() + 3}`;
    await expect(page.getByRole('region', { name: 'Payment method' })).toContainText(
      `Visa ending 4242, expires ${expiry}`,
    );
    await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
