import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createBilling } from '../../src/server/billing/billing';
import { PORTAL_CONFIGURATION_KEY, VAT_RATE_KEY } from '../../src/server/billing/catalog';
import { client, createTestApp, signedInUser, stripeApp, subscribeWithCard } from '../support/app';
import { stripeClient } from '../support/fake-stripe';
import { ALWAYS_AUTHENTICATES, AUTHENTICATES_UNLESS_SET_UP } from '../support/fake-stripe/billing';
import { enrolledAdmin } from '../support/two-factor';

const t = await stripeApp();
const { fake, deliver, deliverAll } = t;

type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function subscribe(u: Signed, planId = 'pro') {
  const res = await u.client.post('/api/create-subscription', { planId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { clientSecret: string; intent: 'setup' | 'payment'; trialEndsAt: string | null };
}

const subscribed = (u: Signed) => subscribeWithCard(t, u);

async function stripeIds(userId: number) {
  const rows = await t.db.execute<{ customer: string; sub: string }>(
    sql`select stripe_customer_id as customer, stripe_subscription_id as sub from users where id = ${userId}`,
  );
  return rows.rows[0]!;
}

const count = async (query: ReturnType<typeof sql>) => (await t.db.execute<{ n: number }>(query)).rows[0]!.n;

describe('starting a subscription', () => {
  it('starts a 14-day trial with a SetupIntent to save the card; the plan begins once the card is confirmed', async () => {
    const u = await signedInUser(t.app);
    const started = await subscribe(u);
    expect(started.intent).toBe('setup');
    expect(started.clientSecret).toMatch(/^seti_.+_secret_/);
    const days = (Date.parse(started.trialEndsAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    // Stripe ends the trial by itself if no card ever comes.
    const { customer, sub } = await stripeIds(u.id);
    expect(fake.state.subscriptions.get(sub)?.trial_settings).toEqual({
      end_behavior: { missing_payment_method: 'cancel' },
    });

    // Until the card is confirmed nothing has started: no plan, no access, no trial shown.
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
      noteAppAccess: false,
    });
    expect((await u.client.get('/api/subscription')).json()).toMatchObject({
      plan: 'free',
      status: 'inactive',
      trialEndsAt: null,
    });

    await deliverAll(fake.confirmSetupIntent(started.clientSecret.split('_secret_')[0]!));
    const me = (await u.client.get('/api/user')).json();
    expect(me).toMatchObject({ plan: 'pro', subscriptionStatus: 'active', noteAppAccess: true });
    expect(me).not.toHaveProperty('stripeCustomerId');
    const details = (await u.client.get('/api/subscription')).json();
    expect(details).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
      retentionOfferAvailable: true,
    });
    expect(details.trialEndsAt).toBe(started.trialEndsAt);

    const stripeCustomer = fake.state.customers.get(customer);
    expect(stripeCustomer?.email).toBe(u.email);
    expect(stripeCustomer?.metadata).toMatchObject({ userId: String(u.id) });
    // Every write to Stripe carried an idempotency key.
    const writes = fake.requests.filter((r) => r.method === 'POST' || r.method === 'DELETE');
    expect(writes.every((r) => r.idempotencyKey)).toBe(true);
  });

  it('refuses a second live subscription with 409 once the card is saved', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const again = await u.client.post('/api/create-subscription', { planId: 'clinic' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already have a subscription/);
  });

  it('picks up a trial whose card was never given (a reload, or coming back later), on the plan now chosen', async () => {
    const u = await signedInUser(t.app);
    const first = await subscribe(u, 'pro');
    const again = await subscribe(u, 'clinic');
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(again.trialEndsAt).toBe(first.trialEndsAt);
    const { customer, sub } = await stripeIds(u.id);
    const subs = [...fake.state.subscriptions.values()].filter((s) => s.customer === customer);
    expect(subs).toHaveLength(1);
    // Still nothing until the card: the plan chosen shows once it is confirmed.
    expect((await u.client.get('/api/user')).json()).toMatchObject({ plan: 'free', noteAppAccess: false });
    await deliverAll(fake.confirmSetupIntent(again.clientSecret.split('_secret_')[0]!));
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'clinic',
      subscriptionStatus: 'active',
      noteAppAccess: true,
    });
    expect((await stripeIds(u.id)).sub).toBe(sub);
  });

  it('makes one subscription when five requests for one user arrive together', {
    tags: ['database-differences'],
  }, async () => {
    const u = await signedInUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => u.client.post('/api/create-subscription', { planId: 'pro' })),
    );
    // Those that overlap the first wait their turn (409); one that comes after it finished (a slow
    // machine) picks up the same trial: every 200 hands out the one SetupIntent.
    expect(results.filter((r) => r.statusCode !== 409).map((r) => r.statusCode)).toContain(200);
    expect(results.filter((r) => ![200, 409].includes(r.statusCode))).toEqual([]);
    const secrets = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().clientSecret));
    expect(secrets.size).toBe(1);
    const { customer } = await stripeIds(u.id);
    const subs = [...fake.state.subscriptions.values()].filter((s) => s.customer === customer);
    expect(subs).toHaveLength(1);
  });

  it('validates the plan, and needs a session', async () => {
    const u = await signedInUser(t.app);
    const free = await u.client.post('/api/create-subscription', { planId: 'free' });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('planId: Choose the Plus or Practice plan');
    expect((await client(t.app).post('/api/create-subscription', { planId: 'pro' })).statusCode).toBe(401);
  });

  it('when Stripe fails, says so clearly, charges nothing and leaves no half-made state', async () => {
    const u = await signedInUser(t.app);
    fake.failNext('POST', '/v1/subscriptions', { status: 500, message: 'boom' });
    const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Nothing was charged/);
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
    });
    // The claim was released: trying again works.
    expect((await subscribe(u)).intent).toBe('setup');
  });

  it('without Stripe keys answers 503 and the config says payments are unavailable', async () => {
    const bare = await createTestApp();
    try {
      const u = await signedInUser(bare.app);
      const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
      expect(res.statusCode).toBe(503);
      expect(
        (await bare.app.inject({ method: 'GET', url: '/api/config' })).json().stripePublishableKey,
      ).toBeNull();
    } finally {
      await bare.close();
    }
  });
});

describe('webhooks', () => {
  it('refuses a bad signature with 400 and no effect', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    const events = fake.endTrial(sub, { paymentFails: true });
    const before = await count(sql`select count(*)::int as n from stripe_events`);
    const res = await deliver(events.at(-1)!, 'whsec_wrong');
    expect(res.statusCode).toBe(400);
    expect(await count(sql`select count(*)::int as n from stripe_events`)).toBe(before);
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('active');
  });

  it('a failed renewal makes the account past_due and mails a link to update the card, once', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    const events = fake.endTrial(sub, { paymentFails: true });
    const failed = events.find((e) => e.type === 'invoice.payment_failed')!;
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('past_due');
    expect((await deliver(failed)).statusCode).toBe(200);
    const mails = await count(
      sql`select count(*)::int as n from outbox where "to" = ${u.email} and subject like '%payment failed'`,
    );
    expect(mails).toBe(1);
  });

  it('a declined first payment sends no "we will try again" mail: Stripe never retries it', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    await u.client.post('/api/subscription/cancel');
    await deliverAll(fake.endTrial(sub));
    // The trial is used: a new subscription is paid at once, and the card is declined.
    const again = await subscribe(u, 'clinic');
    const events = fake.confirmPaymentIntent(again.clientSecret.split('_secret_')[0]!, {
      fail: 'card_declined',
    });
    const failed = events.find((e) => e.type === 'invoice.payment_failed')!;
    expect((failed.data.object as Stripe.Invoice).billing_reason).toBe('subscription_create');
    expect((failed.data.object as Stripe.Invoice).next_payment_attempt).toBeNull();
    await deliverAll(events);
    const mails = await count(
      sql`select count(*)::int as n from outbox where "to" = ${u.email} and subject like '%payment failed'`,
    );
    expect(mails).toBe(0);
  });

  it('a renewal the bank wants confirmed: mailed and shown with the link to confirm it, cleared once paid', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    const events = fake.endTrial(sub, { requiresAction: true });
    const asked = events.find((e) => e.type === 'invoice.payment_action_required')!;
    const invoice = asked.data.object as Stripe.Invoice;
    expect(events.map((e) => e.type)).not.toContain('invoice.payment_failed');
    await deliverAll(events);

    // Open meanwhile, for the days a failed renewal keeps (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      subscriptionStatus: 'past_due',
      noteAppAccess: true,
    });
    expect((await u.client.get('/api/subscription')).json().paymentActionUrl).toBe(
      invoice.hosted_invoice_url,
    );
    const mail = await t.db.execute<{ text: string }>(
      sql`select text from outbox where "to" = ${u.email} and subject like '%confirm your ChairNotes payment'`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.text).toContain(invoice.hosted_invoice_url!);

    // Confirmed on Stripe's page: paid, and nothing is asked any more.
    await deliverAll(fake.confirmRequiredAction(invoice.id!));
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      subscriptionStatus: 'active',
      noteAppAccess: true,
    });
    expect((await u.client.get('/api/subscription')).json().paymentActionUrl).toBeNull();
    // The request arriving again, late, asks nothing: the subscription is paid.
    await deliver({ ...asked, id: `${asked.id}_late` });
    expect((await u.client.get('/api/subscription')).json().paymentActionUrl).toBeNull();
  });

  it('a new card without the portal: saved, made the default, and an unpaid renewal charged to it at once', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    await deliverAll(fake.endTrial(sub, { paymentFails: true }));
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('past_due');

    // A card the bank declines is saved, but the renewal stays unpaid, and the person is told why.
    const first = await u.client.post('/api/billing/card');
    expect(first.statusCode, first.body).toBe(200);
    const declining = first.json().clientSecret.split('_secret_')[0];
    await deliverAll(fake.confirmSetupIntent(declining, { last4: '0341' }));
    const refused = await u.client.post('/api/billing/card/confirm', { setupIntentId: declining });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Your card was declined.');
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('past_due');

    const second = await u.client.post('/api/billing/card');
    const good = second.json().clientSecret.split('_secret_')[0];
    await deliverAll(fake.confirmSetupIntent(good, { last4: '1111' }));
    const updated = await u.client.post('/api/billing/card/confirm', { setupIntentId: good });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ subscriptionStatus: 'active', noteAppAccess: true });
    expect((await u.client.get('/api/billing/payment-method')).json()).toMatchObject({ last4: '1111' });
    expect(fake.state.subscriptions.get(sub)!.default_payment_method).toBe(
      fake.state.setupIntents.get(good)!.payment_method,
    );

    // Another person's card setup, or one never confirmed, is refused.
    const other = await signedInUser(t.app);
    await subscribed(other);
    const theirs = (await other.client.post('/api/billing/card')).json().clientSecret.split('_secret_')[0];
    await deliverAll(fake.confirmSetupIntent(theirs));
    const stolen = await u.client.post('/api/billing/card/confirm', { setupIntentId: theirs });
    expect(stolen.statusCode).toBe(400);
    const unconfirmed = (await u.client.post('/api/billing/card')).json().clientSecret.split('_secret_')[0];
    expect(
      (await u.client.post('/api/billing/card/confirm', { setupIntentId: unconfirmed })).statusCode,
    ).toBe(400);
    const unknown = await u.client.post('/api/billing/card/confirm', { setupIntentId: 'seti_nosuchthing' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('That card was not saved. Please enter it again.');
  });

  it('ten simultaneous deliveries of one event have one effect', {
    tags: ['database-differences'],
  }, async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    const event = fake.trialWillEnd(sub).find((e) => e.type === 'customer.subscription.trial_will_end')!;
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await count(sql`select count(*)::int as n from stripe_events where id = ${event.id}`)).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from outbox where "to" = ${u.email} and subject like '%trial ends on%'`,
      ),
    ).toBe(1);
    // What they will pay, as every price is shown: with its VAT.
    const mail = await t.db.execute<{ text: string }>(
      sql`select text from outbox where "to" = ${u.email} and subject like '%trial ends on%'`,
    );
    expect(mail.rows[0]!.text).toContain('After that your card is charged £99.80/month inc. VAT;');
  });

  it('an old event arriving after a newer one leaves the state as Stripe has it now', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    const created = fake.events.filter((e) => (e.data.object as { id?: string }).id === sub).at(0)!;
    await u.client.post('/api/subscription/cancel');
    const updated = fake.events.filter((e) => e.type === 'customer.subscription.updated').at(-1)!;
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await deliver(created)).statusCode).toBe(200);
    expect((await u.client.get('/api/subscription')).json().cancelAtPeriodEnd).toBe(true);
  });

  it('acknowledges events it does not handle', async () => {
    const event = {
      id: 'evt_other_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1' } },
    };
    const res = await deliver(event as unknown as Stripe.Event);
    expect(res.statusCode).toBe(200);
  });

  it('needs no Origin header (Stripe sends none)', async () => {
    const event = { id: 'evt_other_2', object: 'event', type: 'ping', data: { object: {} } };
    const res = await deliver(event as unknown as Stripe.Event);
    expect(res.statusCode).toBe(200);
  });
});

describe('managing the subscription', () => {
  it('freezes for 30 days, then resumes through the same endpoint', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const frozen = await u.client.post('/api/subscription/freeze');
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ subscriptionStatus: 'paused', noteAppAccess: false });
    const details = (await u.client.get('/api/subscription')).json();
    const days = (Date.parse(details.pausedUntil) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const { sub } = await stripeIds(u.id);
    expect(fake.state.subscriptions.get(sub)?.pause_collection).toMatchObject({ behavior: 'void' });

    const resumed = await u.client.post('/api/subscription/freeze');
    expect(resumed.json()).toMatchObject({ subscriptionStatus: 'active', noteAppAccess: true });
    expect(fake.state.subscriptions.get(sub)?.pause_collection).toBeFalsy();
  });

  it('applies the 50% retention discount once', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const res = await u.client.post('/api/subscription/discount');
    expect(res.statusCode).toBe(200);
    expect(res.json().hasDiscount).toBe(true);
    expect((await u.client.get('/api/subscription')).json().retentionOfferAvailable).toBe(false);
    const again = await u.client.post('/api/subscription/discount');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The 50% discount has already been used on this account.');
  });

  it('a cancellation keeps why, if they say: sent to Stripe, and counted on the admin dashboard', async () => {
    const { client: admin } = await enrolledAdmin(t, {
      username: 'billingboss',
      email: 'billingboss@example.com',
      password: 'billing boss password',
    });
    const before = (await admin.get('/api/admin/stats')).json().cancellationsByReason;

    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    for (const [body, field] of [
      [{ reason: 'bored' }, 'reason'],
      [{ comment: 'x'.repeat(501) }, 'comment'],
    ] as const) {
      const refused = await u.client.post('/api/subscription/cancel', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect(fake.state.subscriptions.get(sub)!.cancel_at_period_end).toBe(false);

    const res = await u.client.post('/api/subscription/cancel', {
      reason: 'too_expensive',
      comment: '  Money is tight this year.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.state.subscriptions.get(sub)).toMatchObject({
      cancel_at_period_end: true,
      cancellation: { feedback: 'too_expensive', comment: 'Money is tight this year.' },
    });
    expect((await admin.get('/api/admin/stats')).json().cancellationsByReason.too_expensive).toBe(
      before.too_expensive + 1,
    );
    // Kept after all: taken back, it is no cancellation. Cancelled again without a word: one, with no reason.
    expect((await u.client.post('/api/subscription/keep')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/stats')).json().cancellationsByReason).toEqual(before);
    expect((await u.client.post('/api/subscription/cancel')).statusCode).toBe(200);

    const after = (await admin.get('/api/admin/stats')).json().cancellationsByReason;
    expect(after.too_expensive).toBe(before.too_expensive);
    expect(after.none).toBe(before.none + 1);
    expect(after.unused).toBe(before.unused);
  });

  it('cancels at the end of the period, and can keep it after all', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const cancelled = await u.client.post('/api/subscription/cancel');
    expect(cancelled.json()).toMatchObject({ subscriptionStatus: 'active', plan: 'pro' });
    let details = (await u.client.get('/api/subscription')).json();
    expect(details.cancelAtPeriodEnd).toBe(true);
    await u.client.post('/api/subscription/keep');
    details = (await u.client.get('/api/subscription')).json();
    expect(details.cancelAtPeriodEnd).toBe(false);
  });

  it('after the subscription ends, the user is back on free and resubscribes without a second trial', async () => {
    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    await u.client.post('/api/subscription/cancel');
    const events = fake.endTrial(sub);
    await deliver(events.at(-1)!);
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
    });
    const again = await subscribe(u, 'clinic');
    expect(again.intent).toBe('payment');
    expect(again.trialEndsAt).toBeNull();
  });

  it('actions need a live subscription', async () => {
    const u = await signedInUser(t.app);
    for (const path of ['freeze', 'discount', 'cancel', 'keep']) {
      const res = await u.client.post(`/api/subscription/${path}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toBe('You have no active subscription.');
    }
  });

  it('shows real invoices and the saved card, and opens the billing portal', async () => {
    const u = await signedInUser(t.app);
    const started = await subscribe(u);
    const setupIntentId = started.clientSecret.split('_secret_')[0]!;
    fake.confirmSetupIntent(setupIntentId);
    const card = (await u.client.get('/api/billing/payment-method')).json();
    expect(card).toMatchObject({ brand: 'visa', last4: '4242' });

    const { sub } = await stripeIds(u.id);
    fake.endTrial(sub);
    const invoices = (await u.client.get('/api/billing/invoices')).json();
    expect(invoices.map((i: { amount: number }) => i.amount)).toContain(99.8);
    expect(invoices.every((i: { url: string | null }) => i.url)).toBe(true);

    const portal = await u.client.post('/api/billing/portal');
    expect(portal.json().url).toMatch(/^https:\/\//);
  });

  it('every invoice shows the VAT in its price: 20 % inclusive UK VAT, on new subscriptions and, at their next change, old ones', async () => {
    const [rate, ...others] = [...fake.state.taxRates.values()];
    expect(others).toHaveLength(0);
    expect(rate).toMatchObject({
      percentage: 20,
      inclusive: true,
      country: 'GB',
      tax_type: 'vat',
      metadata: { chairnotes: VAT_RATE_KEY },
    });

    const u = await signedInUser(t.app);
    await subscribed(u);
    const { sub } = await stripeIds(u.id);
    expect(fake.state.subscriptions.get(sub)!.default_tax_rates).toEqual([rate!.id]);
    await deliverAll(fake.endTrial(sub));
    const invoice = await stripeClient(fake).invoices.retrieve(
      fake.state.subscriptions.get(sub)!.latest_invoice!,
    );
    // What is charged does not change; the VAT part of it shows: £99.80 = £83.17 + £16.63 VAT.
    expect(invoice).toMatchObject({ total: 9980, total_excluding_tax: 8317 });
    expect(invoice.total_taxes).toEqual([
      expect.objectContaining({ amount: 1663, tax_behavior: 'inclusive', taxable_amount: 8317 }),
    ]);

    // A subscription from before the rate existed gets it at its next change.
    const older = await signedInUser(t.app);
    await subscribed(older);
    const olderSub = fake.state.subscriptions.get((await stripeIds(older.id)).sub)!;
    olderSub.default_tax_rates = [];
    expect((await older.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    expect(olderSub.default_tax_rates).toEqual([rate!.id]);
  });

  it('opens the billing portal on a Stripe account that never saved its portal settings, with our configuration', async () => {
    // A fresh fake Stripe has no default configuration: a portal session without one is refused there,
    // as a new Stripe account refuses it. Ours is created by the catalogue, once, and found after.
    expect(fake.state.portalConfigurations.size).toBe(1);
    const u = await signedInUser(t.app);
    const started = await subscribe(u);
    fake.confirmSetupIntent(started.clientSecret.split('_secret_')[0]!);
    const portal = await u.client.post('/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    const [configuration] = [...fake.state.portalConfigurations.values()];
    expect(configuration).toMatchObject({
      is_default: false,
      metadata: { chairnotes: PORTAL_CONFIGURATION_KEY },
      features: {
        invoice_history: true,
        payment_method_update: true,
        subscription_cancel: false,
        subscription_update: false,
        customer_update: false,
      },
    });
    const session = [...fake.state.portalSessions.values()].at(-1)!;
    expect(session).toMatchObject({
      customer: (await stripeIds(u.id)).customer,
      configuration: configuration!.id,
    });

    // Another instance (its own catalogue) finds the same configuration rather than making a second.
    const other = (await createBilling(t.config))!;
    expect((await other.catalog()).portalConfigurationId).toBe(configuration!.id);
    expect(fake.state.portalConfigurations.size).toBe(1);
  });
});

describe('the card: the one Stripe charges, and an unpaid renewal paid with a new one', () => {
  /** A subscriber whose card (`last4`) was saved at the subscribe page; `renewal`: the trial's end, so charged. */
  async function subscriber(last4 = '4242', renewal: { paymentFails?: boolean } | null = null) {
    const u = await signedInUser(t.app);
    const started = await subscribe(u);
    await deliverAll(fake.confirmSetupIntent(started.clientSecret.split('_secret_')[0]!, { last4 }));
    const { customer, sub } = await stripeIds(u.id);
    if (renewal) await deliverAll(fake.endTrial(sub, renewal));
    return { u, customer, sub, record: fake.state.subscriptions.get(sub)! };
  }

  /** Saves `last4` through the card form (a SetupIntent the page confirms), then says so. */
  async function newCard(u: Signed, last4: string) {
    const started = await u.client.post('/api/billing/card');
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().clientSecret.split('_secret_')[0];
    await deliverAll(fake.confirmSetupIntent(id, { last4 }));
    return u.client.post('/api/billing/card/confirm', { setupIntentId: id });
  }

  it("shows the subscription's default card, which Stripe charges before the customer's", async () => {
    const { u, customer, record } = await subscriber('4242');
    // The customer's default is another card (set in Stripe's portal, say): Stripe still charges the
    // subscription's own.
    const stripe = stripeClient(fake);
    const other = fake.state.paymentMethods.get(record.default_payment_method!)!;
    expect(other.card.last4).toBe('4242');
    const pm = [...fake.state.paymentMethods.values()].find((m) => m.customer === customer)!;
    fake.state.paymentMethods.set('pm_other_default', {
      ...pm,
      id: 'pm_other_default',
      card: { ...pm.card, last4: '4444', brand: 'mastercard' },
    });
    await stripe.customers.update(customer, {
      invoice_settings: { default_payment_method: 'pm_other_default' },
    });
    expect((await u.client.get('/api/billing/payment-method')).json()).toMatchObject({ last4: '4242' });
    // Without a subscription default, the customer's is the one.
    await stripe.subscriptions.update(record.id, { default_payment_method: '' });
    expect((await u.client.get('/api/billing/payment-method')).json()).toMatchObject({ last4: '4444' });
  });

  it("an unpaid subscription's open invoice is paid by the new card", async () => {
    const { u, record, customer } = await subscriber('4242', { paymentFails: true });
    // Stripe's retries ran out and it marked the subscription unpaid (a setting of the account).
    record.status = 'unpaid';
    const unpaidInvoice = record.latest_invoice!;
    expect((await u.client.post('/api/subscription/sync')).json().subscriptionStatus).toBe('past_due');
    const updated = await newCard(u, '1111');
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ subscriptionStatus: 'active' });
    expect(fake.state.invoices.get(unpaidInvoice)!.status).toBe('paid');
    expect(record.default_payment_method).toBe(
      [...fake.state.paymentMethods.values()].find((m) => m.customer === customer && m.card.last4 === '1111')!
        .id,
    );
  });

  it('a new card whose bank asks to confirm the unpaid payment: confirmed in the page, then paid', async () => {
    const { u, record } = await subscriber('4242', { paymentFails: true });
    const answer = await newCard(u, ALWAYS_AUTHENTICATES);
    expect(answer.statusCode, answer.body).toBe(202);
    const intent = fake.state.invoices.get(record.latest_invoice!)!.payment_intent!;
    expect(answer.json().clientSecret).toBe(fake.state.paymentIntents.get(intent)!.client_secret);
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('past_due');
    await deliverAll(fake.authenticate(intent, true));
    expect((await u.client.post('/api/subscription/sync')).json().subscriptionStatus).toBe('active');
    expect((await u.client.get('/api/billing/payment-method')).json()).toMatchObject({
      last4: ALWAYS_AUTHENTICATES,
    });
  });

  it("Stripe's test cards ask as Stripe documents: 3184 at every renewal, 3155 not once it is set up", async () => {
    const always = await subscriber(ALWAYS_AUTHENTICATES, {});
    expect(always.record.status).toBe('past_due');
    expect(
      fake.state.paymentIntents.get(fake.state.invoices.get(always.record.latest_invoice!)!.payment_intent!),
    ).toMatchObject({ status: 'requires_action' });
    const saved = await subscriber(AUTHENTICATES_UNLESS_SET_UP, {});
    expect(saved.record.status).toBe('active');
    expect(fake.state.invoices.get(saved.record.latest_invoice!)!.status).toBe('paid');

    // invoices.pay (off-session by default) with a 3155 card never set up for it: Stripe asks.
    const { record, customer } = await subscriber('4242', { paymentFails: true });
    const unsaved = fake.state.paymentMethods.get(record.default_payment_method!)!;
    fake.state.paymentMethods.set('pm_not_set_up', {
      ...unsaved,
      id: 'pm_not_set_up',
      customer,
      set_up_for_off_session: false,
      card: { ...unsaved.card, last4: AUTHENTICATES_UNLESS_SET_UP },
    });
    await expect(
      stripeClient(fake).invoices.pay(record.latest_invoice!, { payment_method: 'pm_not_set_up' }),
    ).rejects.toMatchObject({ statusCode: 402, code: 'invoice_payment_intent_requires_action' });
  });
});
