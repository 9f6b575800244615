import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PRICE_LOOKUP_KEYS, REFERRAL_COUPON_ID } from '../../src/server/billing/catalog';
import { FREEZE_DAYS } from '../../src/shared/constants';
import { signedInUser, stripeApp } from '../support/app';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';
import { enrolledAdmin } from '../support/two-factor';

// Yearly plans (docs/decisions/096-yearly-plans.md): ten months' price, the same trial, switching both
// ways with Stripe's proration, and the yearly rules for freezing, the retention offer and referrals.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await stripeApp({ SMTP_URL: smtp.url });
const { fake, deliverAll } = t;
const DAY = 86_400;

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function subId(userId: number): Promise<string> {
  const rows = await t.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${userId}`,
  );
  return rows.rows[0]!.sub;
}

/** A subscriber whose card is saved; `paid`: the trial is over and the first period paid. */
async function subscriber(
  planId: 'pro' | 'clinic',
  interval: 'month' | 'year' | undefined,
  { paid = false, code }: { paid?: boolean; code?: string } = {},
): Promise<Person> {
  const u = await signedInUser(t.app);
  const res = await u.client.post('/api/create-subscription', { planId, interval, referralCode: code });
  expect(res.statusCode, res.body).toBe(200);
  await deliverAll(fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]!));
  if (paid) await deliverAll(fake.endTrial(await subId(u.id)));
  return u;
}

const stripeSub = async (u: Person) => fake.state.subscriptions.get(await subId(u.id))!;
const priceOf = async (u: Person) => fake.state.prices.get((await stripeSub(u)).item.price)!;
const preview = (u: Person, planId: string, interval: string) =>
  u.client.get(`/api/subscription/change-plan/preview?planId=${planId}&interval=${interval}`);
const invoiceAmounts = async (u: Person) =>
  (await u.client.get('/api/billing/invoices')).json().map((i: { amount: number }) => i.amount);

describe('the plans', () => {
  it('keep the monthly price and interval and add the yearly price, ten months of it', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/subscription-plans' })).json();
    expect(plans.map((p: { id: string; price: number; interval: string; yearlyPrice: number }) => p)).toEqual(
      [
        expect.objectContaining({ id: 'free', price: 0, interval: 'month', yearlyPrice: 0 }),
        expect.objectContaining({ id: 'pro', price: 99.8, interval: 'month', yearlyPrice: 998 }),
        expect.objectContaining({ id: 'clinic', price: 149.8, interval: 'month', yearlyPrice: 1498 }),
      ],
    );
  });

  it('Stripe holds a yearly price per plan by its lookup key', async () => {
    await t.app.ctx.billing!.catalog();
    for (const [plan, keys] of Object.entries(PRICE_LOOKUP_KEYS)) {
      const yearly = [...fake.state.prices.values()].find((p) => p.lookup_key === keys.year)!;
      expect(yearly.recurring).toEqual({ interval: 'year', interval_count: 1 });
      expect(yearly.unit_amount).toBe(plan === 'pro' ? 99_800 : 149_800);
    }
  });
});

describe('subscribing by the year', () => {
  it('has the same 14-day trial, then charges £998.00 with its VAT, and renews a year on', async () => {
    const u = await subscriber('pro', 'year');
    const me = (await u.client.get('/api/user')).json();
    expect(me).toMatchObject({ plan: 'pro', billingInterval: 'year', noteAppAccess: true });
    const details = (await u.client.get('/api/subscription')).json();
    expect(details).toMatchObject({ billingInterval: 'year', retentionOffer: 'monthly_at_period_end' });
    const trialDays = (Date.parse(details.trialEndsAt) - Date.now()) / 86_400_000;
    expect(Math.round(trialDays)).toBe(14);
    const trialMail = await smtp.waitFor(u.email, 'Your ChairNotes free trial has started');
    expect(trialMail.text).toContain('£998.00/year inc. VAT');

    const sub = await stripeSub(u);
    await deliverAll(fake.endTrial(sub.id));
    const [paid] = (await u.client.get('/api/billing/invoices')).json();
    expect(paid).toMatchObject({ total: 998, vat: 166.33, amount: 998, status: 'paid' });
    const end = (await u.client.get('/api/subscription')).json().currentPeriodEnd;
    const year = (Date.parse(end) - sub.item.current_period_start * 1000) / 86_400_000;
    expect([365, 366]).toContain(Math.round(year));
  });

  it('a request without an interval is monthly, and an unknown interval is refused naming the field', async () => {
    const u = await subscriber('pro', undefined);
    expect((await u.client.get('/api/user')).json().billingInterval).toBe('month');
    expect((await priceOf(u)).recurring?.interval).toBe('month');
    const other = await signedInUser(t.app);
    const bad = await other.client.post('/api/create-subscription', { planId: 'pro', interval: 'week' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('interval');
  });
});

describe('switching between monthly and yearly', () => {
  it('during the trial charges nothing and keeps the trial', async () => {
    const u = await subscriber('pro', 'month');
    const shown = (await preview(u, 'pro', 'year')).json();
    expect(shown).toMatchObject({ interval: 'year', amountNow: 0, trial: true, nextAmount: 998 });
    const res = await u.client.post('/api/subscription/change-plan', { planId: 'pro', interval: 'year' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'pro', billingInterval: 'year' });
    expect((await stripeSub(u)).status).toBe('trialing');
    expect(await invoiceAmounts(u)).toEqual([0]);
  });

  it('monthly to yearly charges the year less the unused month, and the next payment is a year on', async () => {
    const u = await subscriber('pro', 'month', { paid: true });
    const shown = await preview(u, 'pro', 'year');
    expect(shown.statusCode, shown.body).toBe(200);
    const quote = shown.json();
    // £998 for the new year, less most of the month just paid (£99.80).
    expect(quote.amountNow).toBeGreaterThanOrEqual(998 - 99.8);
    expect(quote.amountNow).toBeLessThanOrEqual(998);
    const nextDays = (Date.parse(quote.nextPaymentAt) - Date.now()) / 86_400_000;
    expect(nextDays).toBeGreaterThan(360);

    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'pro',
      interval: 'year',
      quote: quote.quote,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().billingInterval).toBe('year');
    expect((await invoiceAmounts(u))[0]).toBe(quote.amountNow);
    expect((await u.client.get('/api/subscription')).json().currentPeriodEnd).toBe(quote.nextPaymentAt);
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes plan has changed');
    expect(mail.text).toContain('Your ChairNotes plan is now Plus, billed once a year.');
  });

  it('yearly to monthly credits the unused year to the next invoices', async () => {
    const u = await subscriber('clinic', 'year', { paid: true });
    const quote = (await preview(u, 'clinic', 'month')).json();
    // Most of £1,498 back, less the new month's £149.80.
    expect(quote.amountNow).toBeLessThan(-1_200);
    const res = await u.client.post('/api/subscription/change-plan', {
      planId: 'clinic',
      interval: 'month',
      quote: quote.quote,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'clinic', billingInterval: 'month' });
    const customer = fake.state.customers.get((await stripeSub(u)).customer)!;
    expect(customer.balance).toBe(Math.round(quote.amountNow * 100));
    const mail = await smtp.waitFor(u.email, 'Your ChairNotes plan has changed');
    expect(mail.text).toContain('Your ChairNotes plan is now Practice, billed monthly.');
  });

  it('refuses the interval already held; Plus to Practice by the year keeps the year', async () => {
    const u = await subscriber('pro', 'year', { paid: true });
    const same = await u.client.post('/api/subscription/change-plan', { planId: 'pro', interval: 'year' });
    expect(same.statusCode).toBe(409);
    // Plus to Practice keeps the year.
    const up = (await preview(u, 'clinic', 'year')).json();
    expect(up.nextAmount).toBe(1498);
    expect(up.amountNow).toBeGreaterThan(0);
    expect(up.amountNow).toBeLessThanOrEqual(500);
  });
});

describe('freezing a yearly plan', () => {
  it('moves the renewal 30 days later and closes access for those days', async () => {
    const u = await subscriber('pro', 'year', { paid: true });
    const before = (await stripeSub(u)).item.current_period_end;
    const from = fake.events.length;
    const res = await u.client.post('/api/subscription/freeze');
    expect(res.statusCode, res.body).toBe(200);
    // The mail names the renewal it moved.
    await deliverAll(fake.events.slice(from));
    const moved = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
      new Date((before + 30 * DAY) * 1000),
    );
    const frozen = await smtp.waitFor(u.email, 'Your ChairNotes subscription is frozen');
    expect(frozen.text).toContain(
      `Your yearly renewal moves 30 days later, to ${moved}: the frozen days are added to your year.`,
    );
    expect(res.json()).toMatchObject({ subscriptionStatus: 'paused', noteAppAccess: false });
    const details = (await u.client.get('/api/subscription')).json();
    expect(Date.parse(details.currentPeriodEnd) / 1000).toBe(before + 30 * DAY);
    // The days moved are paid for, not a trial: no trial is shown, and plans wait for the renewal.
    expect(details).toMatchObject({ trialEndsAt: null, renewalMoved: true });
    expect((await preview(u, 'clinic', 'year')).statusCode).toBe(409);

    // At the moved renewal the next year is charged, in full.
    const resumed = await u.client.post('/api/subscription/freeze');
    expect(resumed.json().subscriptionStatus).toBe('active');
    await deliverAll(fake.advancePeriod((await stripeSub(u)).id));
    expect((await invoiceAmounts(u))[0]).toBe(998);
    expect((await u.client.get('/api/subscription')).json().renewalMoved).toBe(false);
  });
});

describe("Stripe's side of a yearly freeze", () => {
  it('a trial to the moved renewal, as Stripe adds one to a paid subscription: trialing, the period on the item to trial_end, a £0 invoice at once; the Subscription tab shows the renewal 30 days later and no money moved', async () => {
    const u = await subscriber('pro', 'year', { paid: true });
    const stripe = t.app.ctx.billing!.stripe;
    const id = await subId(u.id);
    const before = (await stripe.subscriptions.retrieve(id)).items.data[0]!.current_period_end;
    const paidBefore = await invoiceAmounts(u);
    const from = fake.events.length;
    expect((await u.client.post('/api/subscription/freeze')).statusCode).toBe(200);
    await deliverAll(fake.events.slice(from));

    const frozen = await stripe.subscriptions.retrieve(id);
    expect(frozen.status).toBe('trialing');
    expect(frozen.trial_end).toBe(before + FREEZE_DAYS * DAY);
    expect(frozen.items.data[0]!.current_period_end).toBe(frozen.trial_end);
    const [latest] = (await stripe.invoices.list({ customer: frozen.customer as string, limit: 1 })).data;
    expect(latest).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', total: 0 });
    expect(latest!.id).toBe(frozen.latest_invoice);

    const details = (await u.client.get('/api/subscription')).json();
    expect(Date.parse(details.currentPeriodEnd)).toBe((before + FREEZE_DAYS * DAY) * 1000);
    expect(details).toMatchObject({ status: 'paused', renewalMoved: true, trialEndsAt: null });
    const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
    expect(sum(await invoiceAmounts(u))).toBe(sum(paidBefore));
  });
});

describe('cancelling a yearly plan', () => {
  it('offers monthly from the end of the year instead of 50 % off, and cancelling keeps the year', async () => {
    const u = await subscriber('pro', 'year', { paid: true });
    const yearEnd = (await stripeSub(u)).item.current_period_end;
    const offered = await u.client.post('/api/subscription/discount');
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toMatchObject({
      billingInterval: 'month',
      hasDiscount: false,
      noteAppAccess: true,
    });
    const details = (await u.client.get('/api/subscription')).json();
    expect(Date.parse(details.currentPeriodEnd) / 1000).toBe(yearEnd);
    expect(details).toMatchObject({ retentionOfferAvailable: false, trialEndsAt: null });
    // A change of interval is a money event: the person is told when monthly billing starts, and at what.
    const yearEndDay = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeZone: 'Europe/London',
    }).format(new Date(yearEnd * 1000));
    const mail = await smtp.waitFor(u.email, `Your ChairNotes plan is billed monthly from ${yearEndDay}`);
    expect(mail.text).toContain(`From ${yearEndDay} you pay £99.80/month inc. VAT`);
    expect(mail.text).toContain('nothing was charged now');
    // Nothing charged or credited now (Stripe's £0 invoice of the trial that keeps the renewal where it
    // was); the first monthly invoice comes when the year would have renewed.
    expect(await invoiceAmounts(u)).toEqual([0, 998, 0]);
    await deliverAll(fake.advancePeriod((await stripeSub(u)).id));
    expect((await invoiceAmounts(u))[0]).toBe(99.8);

    const other = await subscriber('clinic', 'year', { paid: true });
    const end = (await stripeSub(other)).item.current_period_end;
    const cancelled = await other.client.post('/api/subscription/cancel', {});
    expect(cancelled.json()).toMatchObject({ subscriptionStatus: 'active', noteAppAccess: true });
    const kept = (await other.client.get('/api/subscription')).json();
    expect(kept.cancelAtPeriodEnd).toBe(true);
    expect(Date.parse(kept.currentPeriodEnd) / 1000).toBe(end);
  });

  it('a monthly plan is still offered 50 % for 3 months', async () => {
    const u = await subscriber('pro', 'month', { paid: true });
    expect((await u.client.get('/api/subscription')).json().retentionOffer).toBe('discount');
    expect((await u.client.post('/api/subscription/discount')).json().hasDiscount).toBe(true);
    // A year's invoice is not halved by it.
    const yearly = await preview(u, 'pro', 'year');
    expect(yearly.statusCode).toBe(409);
  });
});

describe('referrals', () => {
  const codeOf = async (u: Person) =>
    (await u.client.get('/api/referrals/code')).json().referralCode as string;

  it("a yearly friend's free month is added to the period: their first payment, and every renewal, a month later", async () => {
    const referrer = await subscriber('pro', 'month', { paid: true });
    const friend = await subscriber('pro', 'year', { code: await codeOf(referrer) });
    const sub = await stripeSub(friend);
    // No coupon (it would take the whole year off): the trial ends a calendar month later.
    expect(sub.discounts.map((id) => fake.state.discounts.get(id)?.coupon)).not.toContain(REFERRAL_COUPON_ID);
    const trialEnd = new Date(sub.trial_end! * 1000);
    const plain = new Date((sub.trial_start! + 14 * DAY) * 1000);
    plain.setUTCMonth(plain.getUTCMonth() + 1);
    expect(trialEnd.getTime()).toBe(plain.getTime());
    // Their interval cannot be switched meanwhile (the month was given the yearly way).
    expect((await preview(friend, 'pro', 'month')).statusCode).toBe(409);
    await deliverAll(fake.endTrial(sub.id));
    expect((await invoiceAmounts(friend))[0]).toBe(998);
  });

  it('a yearly referrer gets one month of the monthly price as credit on the next invoice', async () => {
    const referrer = await subscriber('clinic', 'year', { paid: true });
    const token = emailLinkToken((await smtp.waitFor(referrer.email, 'Verify')).text);
    expect((await referrer.client.post('/api/user/verify-email', { token })).statusCode).toBe(200);
    const friend = await subscriber('pro', 'month', { code: await codeOf(referrer) });
    const friendSub = await stripeSub(friend);
    await deliverAll([...fake.endTrial(friendSub.id), ...fake.advancePeriod(friendSub.id)]);
    const customer = fake.state.customers.get((await stripeSub(referrer)).customer)!;
    expect(customer.balance).toBe(-14_980);
  });
});

describe('the admin', () => {
  it('counts a yearly subscription as a twelfth of its price, and lists the interval', async () => {
    const { client: admin } = await enrolledAdmin(t, {
      username: 'yearboss',
      email: 'yearboss@example.com',
      password: 'year boss password',
    });
    const before = (await admin.get('/api/admin/stats')).json();
    const u = await subscriber('clinic', 'year', { paid: true });
    const after = (await admin.get('/api/admin/stats')).json();
    expect(after.estimatedMonthlyRevenue).toBeCloseTo(before.estimatedMonthlyRevenue + 124.83, 2);
    const row = (await admin.get('/api/admin/users')).json().find((r: { id: number }) => r.id === u.id);
    expect(row.billingInterval).toBe('year');
  });
});
