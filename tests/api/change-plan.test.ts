import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REFERRAL_COUPON_ID, RETENTION_COUPON_ID } from '../../src/server/billing/catalog';
import { client, signedInUser, stripeApp } from '../support/app';
import { stripeClient } from '../support/fake-stripe';
import {
  ALWAYS_AUTHENTICATES,
  AUTHENTICATES_UNLESS_SET_UP,
  DECLINING_CARD,
} from '../support/fake-stripe/billing';
import { startSmtpCatcher } from '../support/smtp';

// Switching between Plus and Practice (docs/architecture.md#practices): Stripe's preview shows the money before
// it moves, the switch prorates (charged now, or credited to the next invoice), and nothing is charged
// during the trial.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await stripeApp({ SMTP_URL: smtp.url });
const { fake, deliverAll } = t;

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function ids(userId: number) {
  const rows = await t.db.execute<{ customer: string; sub: string }>(
    sql`select stripe_customer_id as customer, stripe_subscription_id as sub from users where id = ${userId}`,
  );
  return rows.rows[0]!;
}

/** A subscriber whose card is saved; `paid`: the trial is over and the first month paid. */
async function subscriber(planId: 'pro' | 'clinic', { paid = false, card = {} } = {}): Promise<Person> {
  const u = await signedInUser(t.app);
  const res = await u.client.post('/api/create-subscription', { planId });
  expect(res.statusCode, res.body).toBe(200);
  await deliverAll(fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]!, card));
  if (paid) await deliverAll(fake.endTrial((await ids(u.id)).sub));
  return u;
}

const preview = (u: Person, planId: string) =>
  u.client.get(`/api/subscription/change-plan/preview?planId=${planId}`);

describe('during the trial', () => {
  it('shows nothing to pay, switches at once, and makes the practice', async () => {
    const u = await subscriber('pro');
    const shown = await preview(u, 'clinic');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ planId: 'clinic', amountNow: 0, trial: true, nextAmount: 149.8 });

    const invoicesBefore = (await u.client.get('/api/billing/invoices')).json().length;
    const res = await u.client.post('/api/subscription/change-plan', { planId: 'clinic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      plan: 'clinic',
      subscriptionStatus: 'active',
      practice: { role: 'owner' },
    });
    expect((await u.client.get('/api/billing/invoices')).json()).toHaveLength(invoicesBefore);
    const stripeSub = fake.state.subscriptions.get((await ids(u.id)).sub)!;
    expect(fake.state.prices.get(stripeSub.item.price)?.unit_amount).toBe(14980);
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes plan has changed');
    expect(mail.text).toContain('Your ChairNotes plan is now Practice. Nothing was charged now.');

    // And back: the practice nobody else is in goes.
    const back = await u.client.post('/api/subscription/change-plan', { planId: 'pro' });
    expect(back.json()).toMatchObject({ plan: 'pro', practice: null });
  });

  it("keeps a friend's referral coupon on the subscription", async () => {
    const referrer = await signedInUser(t.app);
    const { referralCode } = (await referrer.client.get('/api/referrals/code')).json();
    const friend = await subscriber('pro');
    const applied = await friend.client.post('/api/subscription/referral', { code: referralCode });
    expect(applied.statusCode, applied.body).toBe(201);
    const stripeSub = fake.state.subscriptions.get((await ids(friend.id)).sub)!;
    const coupons = () => stripeSub.discounts.map((id) => fake.state.discounts.get(id)?.coupon);
    expect(coupons()).toEqual([REFERRAL_COUPON_ID]);
    const res = await friend.client.post('/api/subscription/change-plan', { planId: 'clinic' });
    expect(res.json().plan).toBe('clinic');
    expect(coupons()).toEqual([REFERRAL_COUPON_ID]);
  });

  it('the retention offer keeps the referral month: the first paid month is free, then half price', async () => {
    const referrer = await signedInUser(t.app);
    const { referralCode } = (await referrer.client.get('/api/referrals/code')).json();
    const friend = await subscriber('pro');
    expect((await friend.client.post('/api/subscription/referral', { code: referralCode })).statusCode).toBe(
      201,
    );
    const discounted = await friend.client.post('/api/subscription/discount');
    expect(discounted.statusCode, discounted.body).toBe(200);
    const stripeSub = fake.state.subscriptions.get((await ids(friend.id)).sub)!;
    expect(stripeSub.discounts.map((id) => fake.state.discounts.get(id)?.coupon)).toEqual([
      REFERRAL_COUPON_ID,
      RETENTION_COUPON_ID,
    ]);
    // Applying the code again (a repeated request) adds nothing.
    await friend.client.post('/api/subscription/referral', { code: referralCode });
    expect(stripeSub.discounts).toHaveLength(2);

    await deliverAll(fake.endTrial(stripeSub.id));
    await deliverAll(fake.advancePeriod(stripeSub.id));
    const amounts = (await friend.client.get('/api/billing/invoices'))
      .json()
      .map((i: { amount: number }) => i.amount);
    // Newest first: the second paid month at half price, the first free, the trial's £0.
    expect(amounts.slice(0, 2)).toEqual([49.9, 0]);
  });
});

describe('after the trial', () => {
  it('an upgrade charges the previewed difference at once; a downgrade credits the next invoice', async () => {
    const u = await subscriber('pro', { paid: true });
    const shown = (await preview(u, 'clinic')).json();
    expect(shown.trial).toBe(false);
    // Most of a month of £50 more: above zero, below the whole difference.
    expect(shown.amountNow).toBeGreaterThan(40);
    expect(shown.amountNow).toBeLessThanOrEqual(50);

    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'clinic',
      quote: shown.quote,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().plan).toBe('clinic');
    const [newest] = (await u.client.get('/api/billing/invoices')).json();
    expect(newest).toMatchObject({ amount: shown.amountNow, status: 'paid' });
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes plan has changed');
    expect(mail.text).toContain(`£${shown.amountNow.toFixed(2)} (inc. VAT) was charged now`);

    const down = (await preview(u, 'pro')).json();
    expect(down.amountNow).toBeLessThan(0);
    const moved = await u.client.post('/api/subscription/change-plan', {
      planId: 'pro',
      quote: down.quote,
    });
    expect(moved.json().plan).toBe('pro');
    const { customer } = await ids(u.id);
    expect(fake.state.customers.get(customer)!.balance).toBe(Math.round(down.amountNow * 100));
  });

  it('keeps the retention discount, and prices the switch with it', async () => {
    const u = await subscriber('pro', { paid: true });
    expect((await u.client.post('/api/subscription/discount')).statusCode).toBe(200);
    const shown = (await preview(u, 'clinic')).json();
    expect(shown.nextAmount).toBe(74.9);
    expect(shown.amountNow).toBeLessThanOrEqual(25);
    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'clinic',
      quote: shown.quote,
    });
    expect(res.json()).toMatchObject({ plan: 'clinic', hasDiscount: true });
    expect((await u.client.get('/api/subscription')).json()).toMatchObject({
      plan: 'clinic',
      hasDiscount: true,
    });
    const [newest] = (await u.client.get('/api/billing/invoices')).json();
    expect(newest.amount).toBe(shown.amountNow);
  });

  it('a declined card leaves the plan as it was, and nothing to charge later', async () => {
    const u = await subscriber('pro', { card: { last4: DECLINING_CARD } });
    // The first charge at the trial's end fails too: the subscription is past due, still live.
    await deliverAll(fake.endTrial((await ids(u.id)).sub));
    const failedMails = () =>
      t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from outbox where "to" = ${u.email} and subject like '%payment failed'`,
      );
    const mailsBefore = (await failedMails()).rows[0]!.n;
    const eventsBefore = fake.events.length;
    const res = await u.client.post('/api/subscription/change-plan', { planId: 'clinic' });
    expect(res.statusCode).toBe(402);
    // Stripe's events of the failed switch mail nothing: the page said it, and nothing is retried.
    await deliverAll(fake.events.slice(eventsBefore));
    expect((await failedMails()).rows[0]!.n).toBe(mailsBefore);
    expect(res.json().message).toBe('Your card was declined.');
    expect((await u.client.get('/api/user')).json().plan).toBe('pro');
    const stripeSub = fake.state.subscriptions.get((await ids(u.id)).sub)!;
    expect(fake.state.prices.get(stripeSub.item.price)?.unit_amount).toBe(9980);
    // The switch's invoice is void: no pending change, nothing Stripe would try to charge again.
    expect(stripeSub.pending_update).toBeNull();
    expect(fake.state.invoices.get(stripeSub.latest_invoice!)).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'void',
    });
    const switchRequest = fake.requests.findLast(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${stripeSub.id}` && r.params.items,
    );
    expect(switchRequest?.params.payment_behavior).toBe('pending_if_incomplete');
  });
});

describe('the amount said is the amount due (a credit balance counts)', () => {
  it('an upgrade partly paid by account credit: the preview, the charge and the mail say what the card pays', async () => {
    const u = await subscriber('pro', { paid: true });
    const { customer } = await ids(u.id);
    // £20 of credit on the account (a referral's, say).
    fake.state.customers.get(customer)!.balance = -2000;
    const shown = (await preview(u, 'clinic')).json();
    expect(shown.creditUsed).toBe(20);
    expect(shown.amountNow).toBeGreaterThan(20);
    expect(shown.amountNow).toBeLessThanOrEqual(30);
    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'clinic',
      quote: shown.quote,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [newest] = (await u.client.get('/api/billing/invoices')).json();
    expect(newest).toMatchObject({ amount: shown.amountNow, status: 'paid' });
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes plan has changed');
    expect(mail.text).toContain(`£${shown.amountNow.toFixed(2)} (inc. VAT) was charged now`);
    expect(fake.state.customers.get(customer)!.balance).toBe(0);
  });

  it('an upgrade the credit covers whole: nothing is charged, and nothing is said to be', async () => {
    const u = await subscriber('pro', { paid: true });
    const { customer } = await ids(u.id);
    fake.state.customers.get(customer)!.balance = -10_000;
    const shown = (await preview(u, 'clinic')).json();
    expect(shown.amountNow).toBe(0);
    expect(shown.creditUsed).toBeGreaterThan(40);
    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'clinic',
      quote: shown.quote,
    });
    expect(res.json().plan).toBe('clinic');
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes plan has changed');
    expect(mail.text).toContain('Your ChairNotes plan is now Practice. Nothing was charged now.');
  });
});

describe("the preview's moment", () => {
  it('Stripe previews as a draft with no number or page, at its own moment, and refuses a moment outside the period', async () => {
    const u = await subscriber('pro', { paid: true });
    const { customer, sub } = await ids(u.id);
    const stripe = stripeClient(fake);
    const record = fake.state.subscriptions.get(sub)!;
    const items = [
      { id: record.item.id, price: [...fake.state.prices.values()].find((p) => p.unit_amount === 14980)!.id },
    ];
    const draft = await stripe.invoices.createPreview({
      customer,
      subscription: sub,
      subscription_details: { items, proration_behavior: 'always_invoice' },
    });
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
    });
    expect(draft.id).toMatch(/^upcoming_in_/);
    // Stripe's own moment (the fake's clock, ahead of ours since the trial's end), not ours.
    const moment = draft.parent?.subscription_details?.subscription_proration_date ?? 0;
    expect(moment).toBeGreaterThanOrEqual(record.item.current_period_start);
    expect(moment).toBeLessThanOrEqual(fake.now(customer));
    expect(moment).toBeGreaterThan(Date.now() / 1000 + 86_400);
    const before = record.item.current_period_start - 60;
    await expect(
      stripe.invoices.createPreview({
        customer,
        subscription: sub,
        subscription_details: { items, proration_behavior: 'always_invoice', proration_date: before },
      }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'subscription_details[proration_date]',
    });
    await expect(
      stripe.subscriptions.update(sub, {
        items,
        proration_behavior: 'always_invoice',
        proration_date: before,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'proration_date' });
  });

  it('a preview from before the period turned prices the switch now instead of failing', async () => {
    const u = await subscriber('pro', { paid: true });
    const shown = (await preview(u, 'clinic')).json();
    await deliverAll(fake.advancePeriod((await ids(u.id)).sub));
    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'clinic',
      quote: shown.quote,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().plan).toBe('clinic');
    const switchRequest = fake.requests.findLast(
      (r) => r.path.startsWith('/v1/subscriptions/') && r.params.items,
    );
    expect(switchRequest?.params.proration_date).toBeUndefined();
  });

  it("another person's quote, or an altered one, is not used", async () => {
    const u = await subscriber('pro', { paid: true });
    const other = await subscriber('pro', { paid: true });
    const theirs = (await preview(other, 'clinic')).json().quote;
    for (const quote of [theirs, 'v1.forged.quote.x']) {
      const res = await u.client.post('/api/subscription/change-plan', { planId: 'clinic', quote });
      expect(res.statusCode, res.body).toBe(200);
      const sent = fake.requests.findLast((r) => r.path.startsWith('/v1/subscriptions/') && r.params.items);
      expect(sent?.params.proration_date).toBeUndefined();
      await u.client.post('/api/subscription/change-plan', { planId: 'pro' });
    }
  });
});

describe('a switch the bank wants confirmed (SCA)', () => {
  /** A paid subscriber whose card asks for authentication: its renewal was confirmed on Stripe's page. */
  async function askingSubscriber(last4: string) {
    const u = await subscriber('pro', { card: { last4 } });
    const { sub } = await ids(u.id);
    const events = fake.endTrial(sub);
    await deliverAll(events);
    const record = fake.state.subscriptions.get(sub)!;
    if (record.status === 'past_due') await deliverAll(fake.confirmRequiredAction(record.latest_invoice!));
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('active');
    return { u, record };
  }

  const pendingIntent = (record: { latest_invoice: string | null }) =>
    fake.state.invoices.get(record.latest_invoice!)!.payment_intent!;

  it('passed in the page, the switch completes: the new plan, its practice, and the mail', async () => {
    const { u, record } = await askingSubscriber(ALWAYS_AUTHENTICATES);
    const shown = (await preview(u, 'clinic')).json();
    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'clinic',
      quote: shown.quote,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { clientSecret } = res.json();
    const intent = pendingIntent(record);
    expect(clientSecret).toBe(fake.state.paymentIntents.get(intent)!.client_secret);
    expect(fake.state.paymentIntents.get(intent)!.status).toBe('requires_action');
    // Nothing has moved yet: the change waits at Stripe for its payment.
    expect(record.pending_update).not.toBeNull();
    expect((await u.client.get('/api/user')).json().plan).toBe('pro');

    await deliverAll(fake.authenticate(intent, true));
    const done = await u.client.post('/api/subscription/change-plan/complete', { planId: 'clinic' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ plan: 'clinic', practice: { role: 'owner' } });
    expect(fake.state.prices.get(record.item.price)?.unit_amount).toBe(14980);
    const [newest] = (await u.client.get('/api/billing/invoices')).json();
    expect(newest).toMatchObject({ amount: shown.amountNow, status: 'paid' });
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes plan has changed');
    expect(mail.text).toContain(`£${shown.amountNow.toFixed(2)} (inc. VAT) was charged now`);
  });

  it('failed (or left) in the page, nothing changes and nothing is charged later', async () => {
    const { u, record } = await askingSubscriber(ALWAYS_AUTHENTICATES);
    const res = await u.client.post('/api/subscription/change-plan', { planId: 'clinic' });
    expect(res.statusCode, res.body).toBe(202);
    const intent = pendingIntent(record);
    await deliverAll(fake.authenticate(intent, false));
    const done = await u.client.post('/api/subscription/change-plan/complete', { planId: 'clinic' });
    expect(done.statusCode).toBe(402);
    expect(done.json().message).toBe(
      'Your bank did not confirm the payment, so your plan has not changed. Nothing was charged.',
    );
    expect((await u.client.get('/api/user')).json()).toMatchObject({ plan: 'pro', practice: null });
    expect(record.pending_update).toBeNull();
    expect(fake.state.prices.get(record.item.price)?.unit_amount).toBe(9980);
    expect(fake.state.paymentIntents.get(intent)!.status).toBe('canceled');
  });

  it('a payment that went through is never called off, even before Stripe has applied the change', async () => {
    const { u, record } = await askingSubscriber(ALWAYS_AUTHENTICATES);
    expect((await u.client.post('/api/subscription/change-plan', { planId: 'clinic' })).statusCode).toBe(202);
    // Stripe marks the invoice paid and applies the update a moment after the PaymentIntent succeeds:
    // the page's call can arrive in between.
    const intent = fake.state.paymentIntents.get(pendingIntent(record))!;
    intent.status = 'succeeded';
    const done = await u.client.post('/api/subscription/change-plan/complete', { planId: 'clinic' });
    expect(done.statusCode, done.body).toBe(200);
    expect(fake.state.invoices.get(record.latest_invoice!)!.status).toBe('open');
    expect(record.pending_update).not.toBeNull();
  });

  it('a card set up for later asks when the person switches (on-session), not at a renewal', async () => {
    const { u, record } = await askingSubscriber(AUTHENTICATES_UNLESS_SET_UP);
    // Its renewal went through without asking (the card was saved for that).
    expect(fake.state.invoices.get(record.latest_invoice!)!.status).toBe('paid');
    const res = await u.client.post('/api/subscription/change-plan', { planId: 'clinic' });
    expect(res.statusCode, res.body).toBe(202);
  });
});

describe('refusals', () => {
  it('while frozen, on the same plan, when set to end, with no subscription, signed out', async () => {
    const u = await subscriber('pro');
    const same = await u.client.post('/api/subscription/change-plan', { planId: 'pro' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('You are already on this plan.');

    expect((await u.client.post('/api/subscription/freeze')).statusCode).toBe(200);
    for (const res of [
      await preview(u, 'clinic'),
      await u.client.post('/api/subscription/change-plan', { planId: 'clinic' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Resume your subscription first.');
    }
    expect((await u.client.post('/api/subscription/freeze')).statusCode).toBe(200);
    expect((await u.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    const ending = await u.client.post('/api/subscription/change-plan', { planId: 'clinic' });
    expect(ending.statusCode).toBe(409);
    expect(ending.json().message).toMatch(/Keep your subscription first/);
    expect((await u.client.get('/api/user')).json().plan).toBe('pro');

    const none = await signedInUser(t.app);
    expect((await none.client.post('/api/subscription/change-plan', { planId: 'clinic' })).statusCode).toBe(
      400,
    );
    const bad = await none.client.get('/api/subscription/change-plan/preview?planId=free');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('planId: Choose the Plus or Practice plan');
    expect((await client(t.app).post('/api/subscription/change-plan', { planId: 'clinic' })).statusCode).toBe(
      401,
    );
  });
});
