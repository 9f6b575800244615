import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expect, registerViaApi, test } from './fixtures';

// What the dentist sees in each state of the subscribe page, the confirmation page and the account's
// Subscription tab. Where a state is hard to reach through the server (a refused subscription, a
// failed payment, a frozen plan), the page is given the server's answer with page.route; Stripe.js is
// always the local stand-in. The same flows end to end against the fake Stripe API are in
// subscribe-flow.spec.ts.

const STRIPE_STANDIN = path.resolve('tests/e2e/support/stripe-js-standin.js');
const TRIAL_ENDS = '2030-03-14T12:00:00.000Z';
const TRIAL_ENDS_TEXT = '14 March 2030';
const PERIOD_END = '2030-04-14T12:00:00.000Z';
const PERIOD_END_TEXT = '14 April 2030';

/** Serves the Stripe.js stand-in (or another script) for every js.stripe.com request. */
async function serveStripeJs(page: Page, body?: string) {
  await page.route('https://js.stripe.com/**', (route) =>
    body === undefined
      ? route.fulfill({ path: STRIPE_STANDIN, contentType: 'application/javascript' })
      : route.fulfill({ body, contentType: 'application/javascript' }),
  );
}

/** /api/config as a server with Stripe keys answers it; create-subscription answers with `create`. */
async function paymentsConfigured(
  page: Page,
  create: (route: Route) => Promise<void> = (route) =>
    route.fulfill({
      json: { clientSecret: 'seti_standin_secret_1', intent: 'setup', trialEndsAt: TRIAL_ENDS },
    }),
) {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...(await response.json()), stripePublishableKey: 'pk_test_standin' },
    });
  });
  await page.route('**/api/create-subscription', create);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test.describe('subscribe page', () => {
  test('without payment keys it says payments are unavailable and offers a way home', async ({ page }) => {
    await registerViaApi(page);
    // The server's answer when STRIPE_PUBLISHABLE_KEY or STRIPE_SECRET_KEY is not set.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), stripePublishableKey: null } });
    });
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/create-subscription')) creates.push(request.method());
    });
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await expect(page).toHaveURL(/\/subscribe\/pro$/);

    const steps = page.getByRole('list', { name: 'Subscription steps' });
    await expect(steps.getByRole('listitem')).toHaveText([
      'Select Plan (done)',
      '2Payment (current step)',
      '3Start Using',
    ]);
    await expect(steps.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Plus');
    await expect(page.getByRole('heading', { name: 'Payment System Temporarily Unavailable' })).toBeVisible();
    await expect(
      page.getByText(
        "We're currently setting up our payment system. Please check back soon or contact support for assistance.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      /^mailto:hello@chairnotes\.co\.uk/,
    );
    await expectNoAxeViolations(page);
    // Nothing is attempted with a payment provider that is not there.
    expect(creates).toEqual([]);

    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  for (const planId of ['free', 'enterprise']) {
    test(`/subscribe/${planId} goes to the pricing page`, async ({ page }) => {
      await registerViaApi(page);
      await page.goto(`/subscribe/${planId}`);
      await expect(page).toHaveURL(/\/pricing$/);
    });
  }

  test('a declined card, a referral code, then the trial starts and the success page confirms it', async ({
    page,
  }) => {
    await registerViaApi(page);
    await serveStripeJs(page);
    let creates = 0;
    await paymentsConfigured(page, (route) => {
      creates++;
      expect(route.request().postDataJSON()).toEqual({ planId: 'clinic' });
      return route.fulfill({
        json: { clientSecret: 'seti_standin_secret_1', intent: 'setup', trialEndsAt: TRIAL_ENDS },
      });
    });
    let releaseValidation = () => {};
    await page.route('**/api/validate-referral-code', async (route) => {
      const { code } = route.request().postDataJSON() as { code: string };
      if (code === 'SLOW-CODE') await new Promise<void>((resolve) => (releaseValidation = resolve));
      await route.fulfill({
        json:
          code === 'FRIEND-42'
            ? { valid: true, message: 'Valid referral code' }
            : { valid: false, message: 'This referral code does not exist.' },
      });
    });

    // The code goes with the subscription at each attempt to pay (the server's side is tested in
    // tests/api/referral-rewards.test.ts and the real flow in referral-flow.spec.ts).
    const codesSent: unknown[] = [];
    await page.route('**/api/subscription/referral', (route) => {
      codesSent.push(route.request().postDataJSON());
      return route.fulfill({
        status: 201,
        json: { message: "Referral code applied. You'll get 1 month free!" },
      });
    });

    await page.goto('/subscribe/clinic');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Practice');
    const summary = page.getByRole('region', { name: 'Your plan' });
    await expect(summary).toContainText('Practice');
    await expect(summary).toContainText('£149.80');
    await expect(summary).toContainText('Charged after 2 week free trial');
    await expect(summary).toContainText(`ends on ${TRIAL_ENDS_TEXT}`);

    // The referral code box: Apply needs a code and waits for the answer.
    const codeInput = summary.getByLabel('Referral code');
    const apply = summary.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeDisabled();
    await codeInput.fill('   ');
    await expect(apply).toBeDisabled();
    await codeInput.fill('SLOW-CODE');
    await apply.click();
    await expect(apply).toBeDisabled();
    releaseValidation();
    await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
    await expect(page.getByText('This referral code does not exist.', { exact: true })).toBeVisible();
    await expect(apply).toBeEnabled();

    await codeInput.fill(' FRIEND-42 ');
    await codeInput.press('Enter');
    await expect(page.getByText('Referral code applied!', { exact: true })).toBeVisible();
    await expect(
      page.getByText("You'll get 1 month free after your trial ends.", { exact: true }),
    ).toBeVisible();
    await expect(summary.getByText("Referral code applied. You'll get 1 month free!")).toBeVisible();
    await expect(summary.getByText('FRIEND-42', { exact: true })).toBeVisible();
    await summary.getByRole('button', { name: 'Remove referral code FRIEND-42' }).click();
    await expect(codeInput).toBeFocused();
    await expect(codeInput).toHaveValue('');
    await codeInput.fill('FRIEND-42');
    await apply.click();
    await expect(summary.getByText("Referral code applied. You'll get 1 month free!")).toBeVisible();

    // The payment form: a declined card is reported and the form can be used again.
    const payment = page.getByRole('region', { name: 'Payment details' });
    const submit = payment.getByRole('button', { name: 'Start Free Trial' });
    await expect(submit).toBeEnabled();
    await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
    await payment.getByLabel('Expiry date').fill('12 / 30');
    await payment.getByLabel('Security code').fill('123');
    await submit.click();
    await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Your card was declined.', { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .getByRole('listitem')
        .first(),
    ).toHaveAttribute('data-variant', 'destructive');
    await expect(submit).toBeEnabled();

    // A good card: Stripe confirms the SetupIntent and sends the browser to the return URL.
    await page.route('**/api/subscription', (route) =>
      route.fulfill({
        json: {
          plan: 'clinic',
          status: 'active',
          trialEndsAt: TRIAL_ENDS,
          currentPeriodEnd: TRIAL_ENDS,
          cancelAtPeriodEnd: false,
          pausedUntil: null,
          hasDiscount: false,
          retentionOfferAvailable: true,
          billingAvailable: true,
        },
      }),
    );
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await submit.click();
    await expect(payment.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(page).toHaveURL(
      /\/subscribe\/success\?setup_intent=seti_standin&redirect_status=succeeded$/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
    await expect(
      page.getByText(`Your 14-day free trial has started. It ends on ${TRIAL_ENDS_TEXT}`),
    ).toBeVisible();

    const confirmed = await page.evaluate(() => sessionStorage.getItem('stripe-standin:last-confirm'));
    expect(JSON.parse(confirmed ?? 'null')).toEqual({
      method: 'confirmSetup',
      clientSecret: 'seti_standin_secret_1',
      confirmParams: {
        return_url: `${baseURL}/subscribe/success`,
        payment_method_data: { metadata: { referralCode: 'FRIEND-42' } },
      },
    });
    expect(creates).toBe(1);
    expect(codesSent).toEqual([{ code: 'FRIEND-42' }, { code: 'FRIEND-42' }]);
  });

  test('without a trial the first payment is confirmed, with no referral metadata', async ({ page }) => {
    await registerViaApi(page);
    await serveStripeJs(page);
    await paymentsConfigured(page, (route) =>
      route.fulfill({ json: { clientSecret: 'pi_standin_secret_2', intent: 'payment', trialEndsAt: null } }),
    );
    await page.goto('/subscribe/pro');
    const summary = page.getByRole('region', { name: 'Your plan' });
    await expect(summary).toContainText('Charged today, then every month.');
    await expect(summary).not.toContainText('free trial');
    const payment = page.getByRole('region', { name: 'Payment details' });
    await payment.getByLabel('Card number').fill('4242424242424242');
    await payment.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(
      /\/subscribe\/success\?payment_intent=pi_standin&redirect_status=succeeded$/,
    );
    const confirmed = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('stripe-standin:last-confirm'))) ?? 'null',
    );
    expect(confirmed).toEqual({
      method: 'confirmPayment',
      clientSecret: 'pi_standin_secret_2',
      confirmParams: { return_url: `${baseURL}/subscribe/success` },
    });
  });

  test('the payment form page has no accessibility violations', async ({ page }) => {
    await registerViaApi(page);
    await serveStripeJs(page);
    await paymentsConfigured(page);
    await page.goto('/subscribe/pro');
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('a refused subscription shows "Subscription Error" with the reason and leads back to pricing', async ({
    page,
  }) => {
    await registerViaApi(page);
    await serveStripeJs(page);
    await paymentsConfigured(page, (route) =>
      route.fulfill({
        status: 409,
        json: { message: 'You already have a subscription. Manage it from your account.' },
      }),
    );
    await page.goto('/subscribe/pro');
    await expect(page.getByRole('heading', { name: 'Subscription Error' })).toBeVisible();
    await expect(
      page.getByText('You already have a subscription. Manage it from your account.', { exact: true }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Return to Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('Stripe.js that does not start shows "Unable to Process"', async ({ page }) => {
    await registerViaApi(page);
    // A script that loads but defines no Stripe: the loader gives up.
    await serveStripeJs(page, '/* not Stripe.js */');
    await paymentsConfigured(page);
    await page.goto('/subscribe/pro');
    await expect(page.getByRole('heading', { name: 'Unable to Process' })).toBeVisible();
    await expect(
      page.getByText("We couldn't initialize the payment form. Please try again later.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Pricing' })).toHaveAttribute('href', '/pricing');
  });

  test('a referral check that fails shows "Error validating code"', async ({ page }) => {
    await registerViaApi(page);
    await serveStripeJs(page);
    await paymentsConfigured(page);
    await page.route('**/api/validate-referral-code', (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many attempts.' } }),
    );
    await page.goto('/subscribe/pro');
    const summary = page.getByRole('region', { name: 'Your plan' });
    await summary.getByLabel('Referral code').fill('FRIEND-42');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Error validating code', { exact: true })).toBeVisible();
    await expect(page.getByText('Please try again later.', { exact: true })).toBeVisible();
    await expect(summary.getByLabel('Referral code')).toHaveValue('FRIEND-42');
  });
});

test.describe('subscription confirmed page', () => {
  test('syncs the subscription, plays confetti and offers the next steps', async ({ page }) => {
    await registerViaApi(page);
    const synced = page.waitForResponse(
      (res) => res.url().endsWith('/api/subscription/sync') && res.request().method() === 'POST',
    );
    await page.goto('/subscribe/success?setup_intent=seti_x&redirect_status=succeeded');
    expect((await synced).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
    // canvas-confetti draws on our canvas with no worker and no inline styles: the CSP refuses neither
    // (the fixture fails the test on any console error).
    await expect(page.getByTestId('confetti')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Subscription steps' }).getByRole('listitem').nth(2),
    ).toHaveAttribute('aria-current', 'step');
    const next = page.getByRole('region', { name: 'What happens next?' });
    await expect(next.getByRole('listitem')).toHaveCount(3);
    for (const [name, href] of [
      ['Start Using', '/'],
      ['Manage Subscription', '/account?tab=subscription'],
      ['Download Receipt', '/account?tab=subscription'],
      ['Refer a Friend', '/refer'],
    ] as const) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    }
    await expectNoAxeViolations(page);
    // Confetti plays for 8 seconds, then its canvas is taken away.
    await expect(page.getByTestId('confetti')).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Manage Subscription' }).click();
    await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
  });

  test('no confetti for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await registerViaApi(page);
    await page.goto('/subscribe/success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
    await page.waitForTimeout(500);
    await expect(page.getByTestId('confetti')).toHaveCount(0);
  });
});

type SubscriptionState = {
  plan: 'free' | 'pro' | 'clinic';
  status: 'inactive' | 'active' | 'paused' | 'past_due' | 'canceled';
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pausedUntil: string | null;
  hasDiscount: boolean;
  retentionOfferAvailable: boolean;
  billingAvailable: boolean;
};

const ACTIVE_PLUS: SubscriptionState = {
  plan: 'pro',
  status: 'active',
  trialEndsAt: null,
  currentPeriodEnd: PERIOD_END,
  cancelAtPeriodEnd: false,
  pausedUntil: null,
  hasDiscount: false,
  retentionOfferAvailable: true,
  billingAvailable: true,
};

/**
 * The subscription endpoints as a configured server answers them, kept in step with the actions the
 * page takes: GET /api/subscription reads the state, the POSTs change it and answer the user.
 */
async function subscriptionServer(page: Page, initial: SubscriptionState, fail: Record<string, string> = {}) {
  const user = await (await page.request.get('/api/user')).json();
  let state = { ...initial };
  const actions: string[] = [];
  await page.route('**/api/subscription', (route) => route.fulfill({ json: state }));
  await page.route('**/api/subscription/*', async (route) => {
    const action = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    actions.push(action);
    expect(route.request().postData()).toBeNull();
    if (fail[action]) return route.fulfill({ status: 400, json: { message: fail[action] } });
    if (action === 'freeze')
      state =
        state.status === 'paused'
          ? { ...state, status: 'active', pausedUntil: null }
          : { ...state, status: 'paused', pausedUntil: PERIOD_END };
    if (action === 'discount') state = { ...state, hasDiscount: true, retentionOfferAvailable: false };
    if (action === 'cancel') state = { ...state, cancelAtPeriodEnd: true };
    if (action === 'keep') state = { ...state, cancelAtPeriodEnd: false };
    return route.fulfill({
      json: {
        ...user,
        plan: state.plan,
        subscriptionStatus: state.status,
        hasDiscount: state.hasDiscount,
        noteAppAccess: state.status === 'active' || state.status === 'past_due',
      },
    });
  });
  return { actions };
}

test.describe('account: Subscription tab', () => {
  test('a new dentist on the free plan: the tabs, the plan, no invoices, no card', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/account');
    await expect(page.getByRole('tab')).toHaveText(['Profile', 'Subscription', 'Security']);
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Profile' }).getByLabel('Username')).toBeVisible();
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Security' }).getByLabel('Current password'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/account\?tab=security$/);

    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect(page).toHaveURL(/\/account\?tab=subscription$/);
    const panel = page.getByRole('tabpanel', { name: 'Subscription' });
    const plan = panel.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Lite');
    await expect(plan).toContainText('Free');
    await expect(plan).toContainText('No active subscription');
    await expect(plan.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
    await expect(panel.getByRole('region', { name: 'Billing history' })).toContainText('No invoices yet.');
    await expect(panel.getByRole('region', { name: 'Payment method' })).toContainText('No card on file');
    await expect(panel.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
  });

  test('freeze with confirmation, then resume', async ({ page }) => {
    await registerViaApi(page);
    const server = await subscriptionServer(page, ACTIVE_PLUS);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Plus');
    await expect(plan).toContainText('£99.80/month');
    await expect(plan).toContainText('Active');
    await expect(plan).toContainText(`Next billing date${PERIOD_END_TEXT}`);

    // The dialog explains the freeze; backing out returns focus to the button.
    const freeze = plan.getByRole('button', { name: 'Freeze Subscription' });
    await freeze.click();
    const dialog = page.getByRole('dialog', { name: 'Freeze your subscription?' });
    await expect(dialog).toContainText('pauses for 30 days');
    await expect(dialog).toContainText("You won't be charged");
    await expect(dialog).toContainText('access to ChairNotes is limited');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(freeze).toBeFocused();
    await freeze.click();
    await dialog.getByRole('button', { name: 'Keep Active' }).click();
    await expect(freeze).toBeFocused();
    expect(server.actions).toEqual([]);

    await freeze.click();
    await dialog.getByRole('button', { name: 'Freeze Subscription' }).click();
    await expect(page.getByText('Subscription Frozen', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(plan).toContainText('Frozen');
    await expect(plan).toContainText(`Resumes on${PERIOD_END_TEXT}`);
    await expect(plan).toContainText(`Your subscription is frozen until ${PERIOD_END_TEXT}.`);
    await expect(plan.getByRole('heading', { name: 'Your subscription' })).toBeFocused();

    await plan.getByRole('button', { name: 'Resume Subscription' }).click();
    await expect(page.getByText('Subscription Resumed', { exact: true })).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toBeVisible();
    expect(server.actions).toEqual(['freeze', 'freeze']);
  });

  test('cancel: the 50% offer is accepted, then cancelling with the discount, then keeping it', async ({
    page,
  }) => {
    await registerViaApi(page);
    const server = await subscriptionServer(page, ACTIVE_PLUS);
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
    const offer = plan.getByRole('region', { name: 'Before you go: 50% off for 3 months' });
    await expect(offer).toContainText('pay £49.90 a month instead of £99.80');
    await expect(offer.getByRole('heading')).toBeFocused();
    await offer.getByRole('button', { name: 'Accept 50% Discount' }).click();
    await expect(page.getByText('Discount Applied', { exact: true })).toBeVisible();
    await expect(plan).toContainText('£49.90/month');
    await expect(offer).toHaveCount(0);

    // With the discount applied, cancelling is offered in its own card, with a confirmation.
    const card = plan.getByRole('region', { name: 'Cancel with Discount' });
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
    await expect(dialog).toHaveCount(0);
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible();
    await expect(plan).toContainText(`Your subscription ends on ${PERIOD_END_TEXT}.`);

    await plan.getByRole('button', { name: 'Keep Subscription' }).click();
    await expect(page.getByText('Subscription Kept', { exact: true })).toBeVisible();
    await expect(plan).not.toContainText('Your subscription ends on');
    await expect(plan.getByRole('region', { name: 'Cancel with Discount' })).toBeVisible();
    expect(server.actions).toEqual(['discount', 'cancel', 'keep']);
  });

  test('cancel: "I still want to cancel" cancels at once', async ({ page }) => {
    await registerViaApi(page);
    const server = await subscriptionServer(page, {
      ...ACTIVE_PLUS,
      trialEndsAt: TRIAL_ENDS,
      currentPeriodEnd: TRIAL_ENDS,
    });
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Free trial');
    await expect(plan).toContainText(`Trial ends${TRIAL_ENDS_TEXT}`);
    await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
    await plan.getByRole('button', { name: 'I still want to cancel' }).click();
    await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible();
    await expect(plan).toContainText(`Your subscription ends on ${TRIAL_ENDS_TEXT}.`);
    expect(server.actions).toEqual(['cancel']);
  });

  test('a failed action says so with the reason', async ({ page }) => {
    await registerViaApi(page);
    await subscriptionServer(page, ACTIVE_PLUS, { freeze: 'Only an active subscription can be frozen.' });
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await plan.getByRole('button', { name: 'Freeze Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Freeze Subscription' }).click();
    await expect(page.getByText('Failed to freeze subscription', { exact: true })).toBeVisible();
    await expect(
      page.getByText('400: Only an active subscription can be frozen.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep Active' }).click();
    await expect(plan).toContainText('Active');
    await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toBeFocused();
  });

  test('a failed payment: a warning in words and a way to update the card', async ({ page }) => {
    await registerViaApi(page);
    await subscriptionServer(page, { ...ACTIVE_PLUS, status: 'past_due' });
    await page.route('**/api/billing/portal', (route) =>
      route.fulfill({ json: { url: 'https://billing.stripe.test/session/bps_1' } }),
    );
    await page.route('https://billing.stripe.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Billing portal</title><h1>Billing portal</h1>',
      }),
    );
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Payment overdue');
    await expect(plan).toContainText('Warning: your last payment failed.');
    await plan.getByRole('button', { name: 'Update card' }).click();
    await expect(page).toHaveURL('https://billing.stripe.test/session/bps_1');
  });

  test('a cancelled subscription offers to resubscribe', async ({ page }) => {
    await registerViaApi(page);
    await subscriptionServer(page, { ...ACTIVE_PLUS, status: 'canceled', currentPeriodEnd: null });
    await page.goto('/account?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan).toContainText('Cancelled');
    await expect(plan.getByRole('link', { name: 'Resubscribe Now' })).toHaveAttribute('href', '/pricing');
    await expect(plan.getByRole('button', { name: 'Freeze Subscription' })).toHaveCount(0);
  });

  test('billing history and the card on file', async ({ page }) => {
    await registerViaApi(page);
    await subscriptionServer(page, ACTIVE_PLUS);
    await page.route('**/api/billing/invoices', (route) =>
      route.fulfill({
        json: [
          {
            id: 'in_2',
            number: 'CN-0002',
            date: '2030-02-14T09:00:00.000Z',
            amount: 99.8,
            status: 'paid',
            url: 'https://invoice.stripe.test/in_2',
            pdf: 'https://invoice.stripe.test/in_2.pdf',
          },
          {
            id: 'in_1',
            number: 'CN-0001',
            date: 'not a date',
            amount: 0,
            status: 'open',
            url: null,
            pdf: 'https://invoice.stripe.test/in_1.pdf',
          },
        ],
      }),
    );
    await page.route('**/api/billing/payment-method', (route) =>
      route.fulfill({ json: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } }),
    );
    await page.goto('/account?tab=subscription');
    const history = page.getByRole('region', { name: 'Billing history' });
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      '14 February 2030',
      '£99.80',
      'Paid',
      /^Receipt/,
    ]);
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['Invalid date', '£0.00', 'Due', /^Receipt/]);
    const receipt = rows.nth(1).getByRole('link', { name: /^Receipt for 14 February 2030/ });
    await expect(receipt).toHaveAttribute('href', 'https://invoice.stripe.test/in_2');
    await expect(receipt).toHaveAttribute('target', '_blank');
    await expect(receipt).toHaveAttribute('rel', /noopener/);
    await expect(rows.nth(2).getByRole('link')).toHaveAttribute(
      'href',
      'https://invoice.stripe.test/in_1.pdf',
    );
    await expect(page.getByRole('region', { name: 'Payment method' })).toContainText(
      'Visa ending 4242, expires 12/2030',
    );
    await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
