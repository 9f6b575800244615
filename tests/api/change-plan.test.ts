import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REFERRAL_COUPON_ID, RETENTION_COUPON_ID } from '../../src/server/billing/catalog';
import { client, signedInUser, stripeApp } from '../support/app';
import { DECLINING_CARD } from '../support/fake-stripe/billing';
import { startSmtpCatcher } from '../support/smtp';

// Switching between Plus and Practice (design.md section 10): Stripe's preview shows the money before
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
      prorationDate: shown.prorationDate,
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
      prorationDate: down.prorationDate,
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
      prorationDate: shown.prorationDate,
    });
    expect(res.json()).toMatchObject({ plan: 'clinic', hasDiscount: true });
    expect((await u.client.get('/api/subscription')).json()).toMatchObject({
      plan: 'clinic',
      hasDiscount: true,
    });
    const [newest] = (await u.client.get('/api/billing/invoices')).json();
    expect(newest.amount).toBe(shown.amountNow);
  });

  it('a declined card leaves the plan as it was', async () => {
    const u = await subscriber('pro', { card: { last4: DECLINING_CARD } });
    // The first charge at the trial's end fails too: the subscription is past due, still live.
    await deliverAll(fake.endTrial((await ids(u.id)).sub));
    const res = await u.client.post('/api/subscription/change-plan', { planId: 'clinic' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect((await u.client.get('/api/user')).json().plan).toBe('pro');
    const stripeSub = fake.state.subscriptions.get((await ids(u.id)).sub)!;
    expect(fake.state.prices.get(stripeSub.item.price)?.unit_amount).toBe(9980);
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
