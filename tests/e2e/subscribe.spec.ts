import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { baseURL, NOTE_APP_URL } from '../../playwright.config';
import {
  atStripe,
  expect,
  expectNoAxeViolations,
  giveBillingDetails,
  registerViaApi,
  subscribeViaApi,
  test,
} from './fixtures';

// What the dentist sees in each state of the subscribe page and the confirmation page, and the
// account's Subscription tab on the free plan. Where a state of the subscribe page is hard to reach
// through the server (a refused subscription, a Stripe.js that does not start), the page is given the
// server's answer with page.route; Stripe.js is always the local stand-in. The subscription flows and
// the Subscription tab of a subscriber, end to end against the fake Stripe API, are in
// subscribe-flow.spec.ts.

const STRIPE_STANDIN = path.resolve('tests/e2e/support/stripe-js-standin.js');
/** The chunk canvas-confetti is built into (Vite names it after the module). */
const CONFETTI_SCRIPT = /\/assets\/confetti\.[^/]*\.js$/;
const TRIAL_ENDS = '2030-03-14T12:00:00.000Z';
const TRIAL_ENDS_TEXT = '14 March 2030';

/** Serves the Stripe.js stand-in (or another script) for every js.stripe.com request. */
async function serveStripeJs(page: Page, body?: string) {
  await page.route('https://js.stripe.com/**', (route) =>
    body === undefined
      ? route.fulfill({ path: STRIPE_STANDIN, contentType: 'application/javascript' })
      : route.fulfill({ body, contentType: 'application/javascript' }),
  );
  // These tests answer create-subscription themselves, with intents the fake Stripe never made:
  // Stripe's answer to the confirmation is given here too (Stripe's test card 4000 0000 0000 0002 is
  // declined, any other succeeds).
  await page.route('https://api.stripe.com/**', (route) => {
    const number = new URLSearchParams(route.request().postData() ?? '').get(
      'payment_method_data[card][number]',
    );
    const headers = { 'access-control-allow-origin': '*' };
    return number === '4000000000000002'
      ? route.fulfill({
          status: 402,
          headers,
          json: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        })
      : route.fulfill({ headers, json: { status: 'succeeded' } });
  });
}

/** /api/config as a server with Stripe keys answers it; create-subscription answers with `create`. */
async function paymentsConfigured(
  page: Page,
  create: (route: Route) => Promise<void> = (route) =>
    route.fulfill({
      json: {
        clientSecret: 'seti_standin_secret_1',
        intent: 'setup',
        trialEndsAt: TRIAL_ENDS,
        referral: null,
      },
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
    const user = await registerViaApi(page);
    // A real trial behind the page's answers, so the success page finds it when it asks Stripe; its
    // card confirmed there as the stand-in's confirmation would (nothing begins before, docs/decisions/063-a-trial-starts-with-its-card.md).
    await subscribeViaApi(page);
    await atStripe(page, 'confirm-setup', user.email);
    await serveStripeJs(page);
    let creates = 0;
    await paymentsConfigured(page, (route) => {
      creates++;
      expect(route.request().postDataJSON()).toEqual({ planId: 'clinic' });
      return route.fulfill({
        json: {
          clientSecret: 'seti_standin_secret_1',
          intent: 'setup',
          trialEndsAt: TRIAL_ENDS,
          referral: null,
        },
      });
    });
    // Apply sends the code with the subscription at once (the server's side is tested in
    // tests/api/referral-on-subscribe.test.ts and the real flow in journeys/referral.spec.ts); once
    // applied it is never sent again, whatever happens to the payment.
    const codesSent: unknown[] = [];
    let removals = 0;
    let releaseValidation = () => {};
    await page.route('**/api/subscription/referral', async (route) => {
      if (route.request().method() === 'DELETE') {
        removals++;
        return route.fulfill({ json: { message: 'Referral code removed.' } });
      }
      const { code } = route.request().postDataJSON() as { code: string };
      codesSent.push({ code });
      if (code === 'SLOW-CODE') await new Promise<void>((resolve) => (releaseValidation = resolve));
      await route.fulfill(
        code === 'FRIEND-42'
          ? { status: 201, json: { message: "Referral code applied. You'll get 1 month free!" } }
          : { status: 400, json: { message: 'This referral code does not exist.' } },
      );
    });

    await page.goto('/subscribe/clinic');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribe to Practice');
    const summary = page.getByRole('region', { name: 'Your plan' });
    await expect(summary).toContainText('Practice');
    await expect(summary).toContainText('£149.80/month inc. VAT');
    await expect(summary).toContainText('Charged after 2 week free trial');
    // What is charged, and when: nothing today, the price with its VAT from the trial's end.
    await expect(summary).toContainText(
      `Nothing to pay today. Your 14-day free trial ends on ${TRIAL_ENDS_TEXT}; from then, £149.80/month inc. VAT is taken from your card every month. Cancel before ${TRIAL_ENDS_TEXT} and nothing is charged.`,
    );
    // The Practice plan says whom it covers (the server's PRACTICE_SEATS).
    await expect(summary).toContainText('for up to 10 people in your practice, you included');

    // The referral code box: Apply needs a code and waits for the answer.
    // Exact: 'Remove referral code FRIEND-42' (the applied code's button) is a label too.
    const codeInput = summary.getByLabel('Referral code', { exact: true });
    const apply = summary.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeDisabled();
    await codeInput.fill('   ');
    await expect(apply).toBeDisabled();
    await codeInput.fill('SLOW-CODE');
    await apply.click();
    await expect(apply).toBeDisabled();
    // Released once the check has reached the server (before, there is nothing to release).
    await expect.poll(() => codesSent.length).toBe(1);
    releaseValidation();
    await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
    await expect(page.getByText('This referral code does not exist.', { exact: true })).toBeVisible();
    // Beside the field too, after the toast has gone.
    await expect(summary.getByRole('alert')).toHaveText('Not applied. This referral code does not exist.');
    await expect(codeInput).toHaveAttribute('aria-invalid', 'true');
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
    expect(removals).toBe(1);
    await expect(codeInput).toHaveValue('');
    await codeInput.fill('FRIEND-42');
    await apply.click();
    await expect(summary.getByText("Referral code applied. You'll get 1 month free!")).toBeVisible();

    // The payment form: a declined card is reported and the form can be used again.
    await giveBillingDetails(page);
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
          paymentActionUrl: null,
        },
      }),
    );
    // Stripe answers when the test has seen the form wait for it.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('https://api.stripe.com/**', async (route) => {
      await answered;
      await route.fulfill({ headers: { 'access-control-allow-origin': '*' }, json: { status: 'succeeded' } });
    });
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await submit.click();
    await expect(payment.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer();
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
    // Applied, removed, applied again; the two payment attempts sent nothing more.
    expect(codesSent).toEqual([{ code: 'SLOW-CODE' }, { code: 'FRIEND-42' }, { code: 'FRIEND-42' }]);
  });

  test('without a trial the first payment is confirmed, with no referral metadata', async ({ page }) => {
    await registerViaApi(page);
    await serveStripeJs(page);
    await paymentsConfigured(page, (route) =>
      route.fulfill({
        json: { clientSecret: 'pi_standin_secret_2', intent: 'payment', trialEndsAt: null, referral: null },
      }),
    );
    await page.goto('/subscribe/pro');
    const summary = page.getByRole('region', { name: 'Your plan' });
    await expect(summary).toContainText(
      '£99.80 inc. VAT is charged to your card today, then on the same date every month. Cancel anytime.',
    );
    await expect(summary).not.toContainText('free trial');
    await giveBillingDetails(page);
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
    // The payment form (Stripe.js's stand-in) set up, then axe.
    test.slow();
    await registerViaApi(page);
    await serveStripeJs(page);
    await paymentsConfigured(page);
    await page.goto('/subscribe/pro');
    // The billing details form first, then the card form.
    await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible();
    await expectNoAxeViolations(page);
    await giveBillingDetails(page);
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
    await page.route('**/api/subscription/referral', (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many attempts.' } }),
    );
    await page.goto('/subscribe/pro');
    const summary = page.getByRole('region', { name: 'Your plan' });
    await summary.getByLabel('Referral code', { exact: true }).fill('FRIEND-42');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Error validating code', { exact: true })).toBeVisible();
    await expect(page.getByText('Please try again later.', { exact: true })).toBeVisible();
    await expect(summary.getByLabel('Referral code', { exact: true })).toHaveValue('FRIEND-42');
  });
});

test.describe('subscription confirmed page', () => {
  // A trial set up at Stripe, then the confirmation page syncing it.
  test.slow();
  test('syncs the subscription, plays confetti and offers the next steps', async ({ page }) => {
    const user = await registerViaApi(page);
    await subscribeViaApi(page);
    await atStripe(page, 'confirm-setup', user.email);
    const confettiScript = page.waitForRequest(CONFETTI_SCRIPT);
    const synced = page.waitForResponse(
      (res) => res.url().endsWith('/api/subscription/sync') && res.request().method() === 'POST',
    );
    await page.goto('/subscribe/success?setup_intent=seti_x&redirect_status=succeeded');
    expect((await synced).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
    // canvas-confetti draws on our canvas with no worker and no inline styles: the CSP refuses neither
    // (the fixture fails the test on any console error).
    await expect(page.getByTestId('confetti')).toBeVisible();
    await confettiScript;
    await expect(
      page.getByRole('list', { name: 'Subscription steps' }).getByRole('listitem').nth(2),
    ).toHaveAttribute('aria-current', 'step');
    const next = page.getByRole('region', { name: 'What happens next?' });
    await expect(next.getByRole('listitem')).toHaveCount(3);
    for (const [name, href] of [
      // Subscribed, they may use the note app: 'Start Using' goes there.
      ['Start Using', NOTE_APP_URL],
      ['Manage Subscription', '/account?tab=subscription'],
      // In the free trial nothing has been charged: the trial's £0.00 invoice is an invoice, not a receipt.
      ['Download Invoice', /^https:\/\/invoice\.stripe\.test\/in_\w+\/pdf$/],
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

  test('someone who never subscribed is not told it is confirmed: no confetti, the way to a plan', async ({
    page,
  }) => {
    await registerViaApi(page);
    const confettiScripts: string[] = [];
    page.on('request', (request) => {
      if (CONFETTI_SCRIPT.test(request.url())) confettiScripts.push(request.url());
    });
    await page.goto('/subscribe/success?setup_intent=seti_x&redirect_status=succeeded');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No subscription yet');
    await expect(page.getByText('Subscription Confirmed!')).toHaveCount(0);
    await expect(page.getByTestId('confetti')).toHaveCount(0);
    expect(confettiScripts).toEqual([]);
    await expect(page.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
    await expectNoAxeViolations(page);
  });

  test('no confetti for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const user = await registerViaApi(page);
    await subscribeViaApi(page);
    await atStripe(page, 'confirm-setup', user.email);
    const confettiScripts: string[] = [];
    page.on('request', (request) => {
      if (CONFETTI_SCRIPT.test(request.url())) confettiScripts.push(request.url());
    });
    await page.goto('/subscribe/success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
    // The confetti's place is rendered with the page, then given up once the page has seen the
    // preference (played, it would stay for 11 seconds); and the confetti script is never fetched.
    await expect(page.getByTestId('confetti')).toHaveCount(0);
    expect(confettiScripts).toEqual([]);
  });
});

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
});
