import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, signedWebhook, startFakeStripe, stripeClient } from '../support/fake-stripe';

// The fake is only worth having if the real SDK accepts what it says; every call here goes through it.
let fake: FakeStripe;
let stripe: Stripe;
let priceId: string;
const DAY = 86_400;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = stripeClient(fake);
  priceId = await monthlyPrice();
});
afterAll(() => fake.close());

/** The server's pattern: find the price by lookup key, create it when missing. */
async function monthlyPrice(): Promise<string> {
  const found = await stripe.prices.list({ lookup_keys: ['chairnotes_monthly'], active: true });
  if (found.data[0]) return found.data[0].id;
  const product = await stripe.products.create({ name: 'ChairNotes' });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: 2900,
    currency: 'gbp',
    recurring: { interval: 'month' },
    lookup_key: 'chairnotes_monthly',
    transfer_lookup_key: true,
  });
  return price.id;
}

const types = (events: Stripe.Event[]) => events.map((e) => e.type);

async function subscribe(params: Partial<Stripe.SubscriptionCreateParams> = {}) {
  const customer = await stripe.customers.create({ email: 'dentist@example.com', metadata: { userId: '1' } });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: priceId }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: { userId: '1' },
    ...params,
  });
  return { customer, subscription };
}

describe('prices and customers', () => {
  it('finds the price by lookup key once it exists', async () => {
    expect(await monthlyPrice()).toBe(priceId);
    const price = await stripe.prices.retrieve(priceId);
    expect(price).toMatchObject({
      object: 'price',
      unit_amount: 2900,
      currency: 'gbp',
      lookup_key: 'chairnotes_monthly',
    });
    expect(price.recurring?.interval).toBe('month');
  });

  it('finds a customer by metadata through search', async () => {
    await stripe.customers.create({ email: 'search@example.com', metadata: { userId: '77' } });
    const result = await stripe.customers.search({ query: "metadata['userId']:'77'" });
    expect(result.data.map((c) => c.email)).toEqual(['search@example.com']);
  });
});

describe('subscription with a 14-day trial', () => {
  it('a trial set to cancel without a card: ended at its end with no invoice; with the card it renews', async () => {
    const settings = { end_behavior: { missing_payment_method: 'cancel' as const } };
    await expect(
      subscribe({
        trial_period_days: 14,
        trial_settings: { end_behavior: { missing_payment_method: 'never' as 'cancel' } },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'trial_settings[end_behavior][missing_payment_method]',
    });
    const { subscription } = await subscribe({ trial_period_days: 14, trial_settings: settings });
    expect(subscription.trial_settings).toEqual(settings);
    expect(types(fake.endTrial(subscription.id))).toEqual(['customer.subscription.deleted']);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');

    // Its SetupIntent is left open by the cancellation; cancelled, it cannot be confirmed any more.
    const seti = subscription.pending_setup_intent as string;
    expect((await stripe.setupIntents.cancel(seti, { cancellation_reason: 'abandoned' })).status).toBe(
      'canceled',
    );
    await expect(stripe.setupIntents.cancel(seti)).rejects.toMatchObject({ statusCode: 400 });
    expect(() => fake.confirmSetupIntent(seti)).toThrow(/canceled/);

    const confirmed = await subscribe({ trial_period_days: 14, trial_settings: settings });
    fake.confirmSetupIntent(confirmed.subscription.pending_setup_intent as string);
    expect((await stripe.subscriptions.retrieve(confirmed.subscription.id)).pending_setup_intent).toBeNull();
    fake.endTrial(confirmed.subscription.id);
    expect((await stripe.subscriptions.retrieve(confirmed.subscription.id)).status).toBe('active');
  });

  it('runs trial → card saved → paid → paused → resumed → cancel at period end → canceled', async () => {
    const { customer, subscription } = await subscribe({
      trial_period_days: 14,
      expand: ['pending_setup_intent', 'latest_invoice'],
    });
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * DAY);
    expect(subscription.items.data[0]?.current_period_end).toBe(subscription.trial_end);
    expect(subscription.items.data[0]?.price.lookup_key).toBe('chairnotes_monthly');
    const setup = subscription.pending_setup_intent as Stripe.SetupIntent;
    expect(setup.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(subscription.latest_invoice).toMatchObject({ status: 'paid', amount_due: 0, total: 0 });

    const saved = fake.confirmSetupIntent(setup.id);
    expect(types(saved)).toEqual([
      'payment_method.attached',
      'setup_intent.succeeded',
      'customer.subscription.updated',
    ]);
    const withCard = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['default_payment_method'],
    });
    expect(withCard.pending_setup_intent).toBeNull();
    expect((withCard.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });

    const ended = fake.endTrial(subscription.id);
    expect(types(ended)).toEqual(
      expect.arrayContaining(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']),
    );
    const updated = ended.find((e) => e.type === 'customer.subscription.updated');
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'trialing' });
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    expect(active.items.data[0]?.current_period_start).toBe(subscription.trial_end);
    expect(active.items.data[0]!.current_period_end - subscription.trial_end!).toBeGreaterThanOrEqual(
      28 * DAY,
    );
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
    expect(invoices).toMatchObject({ object: 'list', has_more: false, url: '/v1/invoices' });
    expect(invoices.data[0]).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      total: 2900,
      currency: 'gbp',
    });
    expect(invoices.data[0]?.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoices.data[0]?.hosted_invoice_url).toMatch(/^https:\/\//);

    // Long enough to cover the next renewal, which is then voided rather than charged.
    const resumesAt = fake.now(customer.id) + 40 * DAY;
    const paused = await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: 'void', resumes_at: resumesAt },
    });
    expect(paused.status).toBe('active');
    expect(paused.pause_collection).toEqual({ behavior: 'void', resumes_at: resumesAt });
    expect(fake.events.at(-1)?.data.previous_attributes).toEqual({ pause_collection: null });
    const [voided] = fake.advancePeriod(subscription.id).filter((e) => e.type === 'invoice.voided');
    expect(voided?.data.object).toMatchObject({ object: 'invoice', status: 'void' });

    const resumed = await stripe.subscriptions.update(subscription.id, { pause_collection: '' });
    expect(resumed.pause_collection).toBeNull();

    const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(ending.cancel_at).toBe(ending.items.data[0]?.current_period_end);
    const keep = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(keep.cancel_at).toBeNull();

    const deleted = await stripe.subscriptions.cancel(subscription.id);
    expect(deleted.status).toBe('canceled');
    expect(types(fake.events).at(-1)).toBe('customer.subscription.deleted');
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(all.data.map((s) => s.status)).toEqual(['canceled']);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it("each customer has a clock of their own: one's renewal does not move another's period", async () => {
    const moved = await subscribe({ trial_period_days: 14 });
    const other = await subscribe({ trial_period_days: 14 });
    fake.confirmSetupIntent(fake.state.subscriptions.get(moved.subscription.id)!.pending_setup_intent!);
    fake.endTrial(moved.subscription.id);
    expect(fake.now(moved.customer.id)).toBeGreaterThanOrEqual(moved.subscription.trial_end!);
    // The other customer's now is still today, inside their trial, as parallel tests need it to be.
    expect(fake.now(other.customer.id)).toBeLessThan(Date.now() / 1000 + 60);
    const preview = await stripe.invoices.createPreview({
      customer: other.customer.id,
      subscription: other.subscription.id,
      subscription_details: {
        items: [{ id: other.subscription.items.data[0]!.id, price: priceId }],
        proration_behavior: 'always_invoice',
      },
    });
    expect(preview.parent?.subscription_details?.subscription_proration_date ?? 0).toBeLessThan(
      other.subscription.trial_end!,
    );
  });

  it('a failed payment at the end of the trial leaves the subscription past_due', async () => {
    const { subscription } = await subscribe({ trial_period_days: 14 });
    fake.confirmSetupIntent(subscription.pending_setup_intent as string);
    const events = fake.endTrial(subscription.id, { paymentFails: true });
    expect(types(events)).toContain('invoice.payment_failed');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  });

  it('cancel_at_period_end during the trial cancels when the trial ends', async () => {
    const { subscription } = await subscribe({ trial_period_days: 14 });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(types(fake.endTrial(subscription.id))).toEqual(['customer.subscription.deleted']);
  });
});

describe('a trial added to a paid subscription (trial_end on an update)', () => {
  it('is trialing to trial_end, its period on the item, with a £0 invoice at once; extending it makes none', async () => {
    const { customer, subscription } = await subscribe({ trial_period_days: 14 });
    fake.confirmSetupIntent(subscription.pending_setup_intent as string);
    fake.endTrial(subscription.id);
    const paid = await stripe.subscriptions.retrieve(subscription.id);
    expect(paid.status).toBe('active');
    const trialEnd = paid.items.data[0]!.current_period_end + 30 * DAY;

    // Stripe's default credits the unused time, which this fake does not keep: it says so, and changes nothing.
    const prorated = stripe.subscriptions.update(subscription.id, { trial_end: trialEnd });
    await expect(prorated).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'proration_behavior',
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');

    const from = fake.events.length;
    const moved = await stripe.subscriptions.update(subscription.id, {
      trial_end: trialEnd,
      proration_behavior: 'none',
      expand: ['latest_invoice'],
    });
    expect(moved.status).toBe('trialing');
    expect(moved.trial_end).toBe(trialEnd);
    expect(moved.items.data[0]).toMatchObject({
      current_period_start: fake.now(customer.id),
      current_period_end: trialEnd,
    });
    expect(moved.billing_cycle_anchor).toBe(trialEnd);
    expect(moved.latest_invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: 0,
      amount_paid: 0,
    });
    expect(types(fake.events.slice(from))).toEqual(
      expect.arrayContaining(['invoice.paid', 'customer.subscription.updated']),
    );
    const updated = fake.events.slice(from).find((e) => e.type === 'customer.subscription.updated');
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'active' });

    const longer = await stripe.subscriptions.update(subscription.id, {
      trial_end: trialEnd + DAY,
      proration_behavior: 'none',
    });
    expect(longer.items.data[0]!.current_period_end).toBe(trialEnd + DAY);
    expect(longer.latest_invoice).toBe((moved.latest_invoice as Stripe.Invoice).id);
  });
});

describe('subscription without a trial', () => {
  it('is incomplete until the first invoice is paid; the client secret is on confirmation_secret', async () => {
    const { subscription } = await subscribe({ expand: ['latest_invoice.confirmation_secret'] });
    expect(subscription.status).toBe('incomplete');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', amount_due: 2900 });
    const secret = invoice.confirmation_secret?.client_secret ?? '';
    expect(secret).toMatch(/^pi_\w+_secret_\w+$/);

    // Stripe leaves includable fields out unless asked for them.
    const plain = await stripe.invoices.retrieve(invoice.id);
    expect(plain.confirmation_secret).toBeUndefined();

    const piId = secret.split('_secret_')[0]!;
    expect(types(fake.confirmPaymentIntent(piId))).toEqual(
      expect.arrayContaining(['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']),
    );
    const active = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice.payments.data.payment.payment_intent'],
    });
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toMatch(/^pm_/);
    const paid = active.latest_invoice as Stripe.Invoice;
    expect(paid.status).toBe('paid');
    const payment = paid.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent | undefined;
    expect(payment?.status).toBe('succeeded');
  });

  it('a declined card leaves it incomplete, and a second card can still pay', async () => {
    const { subscription } = await subscribe({ expand: ['latest_invoice.confirmation_secret'] });
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    const piId = secret.split('_secret_')[0]!;
    const failed = fake.confirmPaymentIntent(piId, { fail: 'card_declined' });
    expect(types(failed)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);
    const pi = await stripe.paymentIntents.retrieve(piId);
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error).toMatchObject({ code: 'card_declined', type: 'card_error' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');

    fake.confirmPaymentIntent(piId, { card: { brand: 'mastercard', last4: '4444' } });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('older API versions still get latest_invoice.payment_intent and top-level periods', async () => {
    const { subscription } = await subscribe();
    const legacy = (await stripe.subscriptions.retrieve(
      subscription.id,
      { expand: ['latest_invoice.payment_intent'] },
      { apiVersion: '2025-02-24.acacia' },
    )) as unknown as {
      current_period_end: number;
      latest_invoice: { payment_intent: { client_secret: string } };
    };
    expect(legacy.current_period_end).toBe(subscription.items.data[0]?.current_period_end);
    expect(legacy.latest_invoice.payment_intent.client_secret).toMatch(/^pi_/);
    // …while the pinned version refuses it, as Stripe does since basil.
    await expect(
      stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payment_intent'] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
  });
});

describe("Stripe's 3D Secure test cards typed into the page (the Stripe.js stand-in's path)", () => {
  it('3155 asks on its first, on-session use: failed, nothing is saved; passed, it is set up and renews without asking', async () => {
    const { subscription } = await subscribe({ trial_period_days: 14 });
    const seti = subscription.pending_setup_intent as string;
    const asked = fake.confirmOnSession('setup_intents', seti, { last4: '3155' });
    expect(types(asked)).toEqual(['setup_intent.requires_action']);
    expect(await stripe.setupIntents.retrieve(seti)).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
      payment_method: null,
    });
    // Failed: Stripe's error, the SetupIntent ready for another try, the subscription still without a card.
    expect(types(fake.authenticateInPage('setup_intents', seti, false))).toEqual([
      'setup_intent.setup_failed',
    ]);
    expect(await stripe.setupIntents.retrieve(seti)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'setup_intent_authentication_failure', type: 'card_error' },
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).default_payment_method).toBeNull();

    fake.confirmOnSession('setup_intents', seti, { last4: '3155' });
    expect(types(fake.authenticateInPage('setup_intents', seti, true))).toEqual(
      expect.arrayContaining(['setup_intent.succeeded', 'customer.subscription.updated']),
    );
    const saved = await stripe.subscriptions.retrieve(subscription.id);
    expect(saved.default_payment_method).toMatch(/^pm_/);
    expect(saved.pending_setup_intent).toBeNull();
    // The trial's end, charged while the person is away: set up, 3155 is not asked about.
    fake.endTrial(subscription.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('3184 asks for a first payment too; passed, the invoice is paid and the subscription starts', async () => {
    const { subscription } = await subscribe({ expand: ['latest_invoice.confirmation_secret'] });
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    const piId = secret.split('_secret_')[0]!;
    expect(types(fake.confirmOnSession('payment_intents', piId, { last4: '3184' }))).toEqual(
      expect.arrayContaining(['payment_intent.requires_action']),
    );
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
    fake.authenticateInPage('payment_intents', piId, true);
    const started = await stripe.subscriptions.retrieve(subscription.id);
    expect(started.status).toBe('active');
    expect(started.default_payment_method).toMatch(/^pm_/);
    // 4242 asks nothing.
    const plain = await subscribe({ trial_period_days: 14 });
    const events = fake.confirmOnSession('setup_intents', plain.subscription.pending_setup_intent as string, {
      last4: '4242',
    });
    expect(types(events)).toContain('setup_intent.succeeded');
  });
});

describe('money', () => {
  it('applies the retention coupon for three renewals and spends balance credit first', async () => {
    await stripe.coupons.create({
      id: 'retention-50',
      percent_off: 50,
      duration: 'repeating',
      duration_in_months: 3,
    });
    const { customer, subscription } = await subscribe({ expand: ['latest_invoice.confirmation_secret'] });
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    fake.confirmPaymentIntent(secret.split('_secret_')[0]!);

    const retained = await stripe.subscriptions.update(subscription.id, {
      discounts: [{ coupon: 'retention-50' }],
      expand: ['discounts'],
    });
    expect((retained.discounts[0] as Stripe.Discount).source.coupon).toBe('retention-50');

    const credit = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -1000,
      currency: 'gbp',
      description: 'Referral reward',
    });
    expect(credit).toMatchObject({
      object: 'customer_balance_transaction',
      amount: -1000,
      ending_balance: -1000,
    });

    const totals: [number, number][] = [];
    for (let i = 0; i < 4; i++) {
      fake.advancePeriod(subscription.id);
      const [latest] = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
      totals.push([latest!.total, latest!.amount_due]);
    }
    expect(totals).toEqual([
      [1450, 450],
      [1450, 1450],
      [1450, 1450],
      [2900, 2900],
    ]);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ balance: 0 });
    const txns = await stripe.customers.listBalanceTransactions(customer.id);
    expect(txns.data.map((t) => [t.type, t.amount])).toEqual([
      ['applied_to_invoice', 1000],
      ['adjustment', -1000],
    ]);
  });

  it("a friend's 100 % first-month coupon covers the first invoice after the trial only", async () => {
    await stripe.coupons.create({ id: 'friend-100', percent_off: 100, duration: 'once', name: 'Referred' });
    const { subscription } = await subscribe({
      trial_period_days: 14,
      discounts: [{ coupon: 'friend-100' }],
    });
    fake.confirmSetupIntent(subscription.pending_setup_intent as string);
    const first = fake.endTrial(subscription.id).find((e) => e.type === 'invoice.paid');
    expect(first?.data.object).toMatchObject({ subtotal: 2900, total: 0, amount_due: 0, status: 'paid' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);
    const second = fake.advancePeriod(subscription.id).find((e) => e.type === 'invoice.paid');
    expect(second?.data.object).toMatchObject({ total: 2900, amount_paid: 2900 });
  });

  it('lists and expands the customer payment method', async () => {
    const { customer, subscription } = await subscribe({ trial_period_days: 14 });
    fake.confirmSetupIntent(subscription.pending_setup_intent as string, { last4: '1881', exp_year: 2031 });
    const [pm] = (await stripe.customers.listPaymentMethods(customer.id)).data;
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm!.id } });
    const withPm = (await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    })) as Stripe.Customer;
    expect((withPm.invoice_settings.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({
      last4: '1881',
      exp_year: 2031,
    });
    // Like a new Stripe account, the fake has no default portal configuration: one must be given.
    const noConfiguration = stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://x/account',
    });
    await expect(noConfiguration).rejects.toThrow(/No configuration provided/);
    const configuration = await stripe.billingPortal.configurations.create({
      features: { invoice_history: { enabled: true }, payment_method_update: { enabled: true } },
      metadata: { chairnotes: 'test' },
    });
    expect(configuration).toMatchObject({
      object: 'billing_portal.configuration',
      is_default: false,
      features: { invoice_history: { enabled: true }, subscription_cancel: { enabled: false } },
    });
    const listed = await stripe.billingPortal.configurations.list({ active: true });
    expect(listed.data.map((c) => c.id)).toContain(configuration.id);
    await expect(
      stripe.billingPortal.configurations.create({ features: { invoice_history: {} as never } }),
    ).rejects.toThrow(/Missing required param: features/);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      configuration: configuration.id,
      return_url: 'http://x/account',
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/session\/bps_/);
    expect(portal.configuration).toBe(configuration.id);
  });
});

describe('wire behaviour', () => {
  it('replays the first result for a repeated idempotency key and refuses it for other params', async () => {
    const a = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'signup-42' });
    const b = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'signup-42' });
    expect(b.id).toBe(a.id);
    expect([...fake.state.customers.values()].filter((c) => c.email === 'once@example.com')).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'signup-42' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('answers unknown ids with 404 resource_missing and names a missing param', async () => {
    const missing = await stripe.subscriptions.retrieve('sub_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_nope'",
    });
    await expect(stripe.subscriptions.create({ items: [{ price: priceId }] })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'customer',
    });
    await expect(stripe.coupons.retrieve('no-such-coupon')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('logs requests with their parsed bracket params', async () => {
    await stripe.prices.list({ lookup_keys: ['a', 'b'] });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/prices',
      params: { lookup_keys: ['a', 'b'] },
    });
  });

  it('fails the next matching call on demand, then works again', async () => {
    const { customer } = await subscribe();
    fake.failNext('POST', '/v1/subscriptions', { status: 402, code: 'card_declined' });
    const declined = await stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: priceId }], payment_behavior: 'default_incomplete' })
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    fake.failNext('GET', '/v1/customers/', { status: 500 });
    await expect(stripe.customers.retrieve(customer.id)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
  });

  it('can be slow: a client with a short timeout gives up', async () => {
    const impatient = stripeClient(fake, { timeout: 50, maxNetworkRetries: 0 });
    fake.delayNext(300);
    await expect(impatient.prices.retrieve(priceId)).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
  });
});

describe('webhooks', () => {
  it('events sign and verify with the SDK, as the server will check them', async () => {
    const { subscription } = await subscribe({ trial_period_days: 14 });
    const [event] = fake.trialWillEnd(subscription.id);
    expect(event?.type).toBe('customer.subscription.trial_will_end');

    const secret = 'whsec_test_fake';
    const { payload, headers } = signedWebhook(event!, secret);
    // The same pattern by hand: generateTestHeaderString signs, constructEvent verifies.
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const verified = stripe.webhooks.constructEvent(payload, header, secret);
    expect(verified).toMatchObject({ id: event!.id, type: 'customer.subscription.trial_will_end' });
    expect((verified.data.object as Stripe.Subscription).id).toBe(subscription.id);
    expect(stripe.webhooks.constructEvent(payload, headers['stripe-signature'], secret).id).toBe(event!.id);

    expect(() =>
      stripe.webhooks.constructEvent(payload.replace('trial_will_end', 'deleted'), header, secret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});
