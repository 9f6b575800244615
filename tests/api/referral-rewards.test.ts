import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HELD_UNTIL_VERIFIED,
  NO_ACTIVE_SUBSCRIPTION,
  YEARLY_LIMIT_REACHED,
} from '../../src/server/referrals/rewards';
import { maskEmail } from '../../src/shared/mask-email';
import { REFERRAL_CODE_VALID } from '../../src/shared/schemas/referrals';
import { signedInUser, stripeApp } from '../support/app';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await stripeApp({ SMTP_URL: smtp.url });
const { fake, deliver, deliverAll } = t;

type Signed = Awaited<ReturnType<typeof signedInUser>>;

/** Opens the link of the newest mail to `email` whose subject begins with `subject`, as `u`. */
async function openLink(u: Signed, email: string, subject: string) {
  const token = emailLinkToken((await smtp.waitFor(email, subject)).text);
  const res = await u.client.post('/api/user/verify-email', { token });
  expect(res.statusCode, res.body).toBe(200);
}

/** The user opens the verification link every account is mailed: referral rewards need it. */
async function verified(u: Signed): Promise<Signed> {
  await openLink(u, u.email, 'Verify');
  return u;
}

async function ids(userId: number) {
  const rows = await t.db.execute<{ customer: string; sub: string; credits: number }>(
    sql`select stripe_customer_id as customer, stripe_subscription_id as sub, referral_credits as credits from users where id = ${userId}`,
  );
  return rows.rows[0]!;
}

/** Registers and starts a trial with a card saved, as the subscribe page does. */
async function trialing(planId: 'pro' | 'clinic' = 'pro', code?: string) {
  const u = await signedInUser(t.app);
  const started = await u.client.post('/api/create-subscription', { planId });
  expect(started.statusCode, started.body).toBe(200);
  if (code) {
    const applied = await u.client.post('/api/subscription/referral', { code });
    expect(applied.statusCode, applied.body).toBe(201);
  }
  const setupIntent = String(started.json().clientSecret).split('_secret_')[0]!;
  await deliverAll(fake.confirmSetupIntent(setupIntent));
  return u;
}

/** The trial ends (the first month is free by the coupon), then that month ends: the first paid invoice. */
const untilFirstPayment = (sub: string) => [...fake.endTrial(sub), ...fake.advancePeriod(sub)];

/** `n` rewards the referrer already earned this year, with their free months. */
async function earnedThisYear(referrer: Signed, code: string, n: number) {
  await t.db.execute(sql`
    insert into referrals (referrer_id, referral_code, friend_email, status, completed_at, credit_amount, credited_at)
    select ${referrer.id}, ${code}, 'old' || g || '@example.com', 'completed', now() - interval '300 days', 9980, now()
    from generate_series(1, ${n}) g`);
  await t.db.execute(sql`update users set referral_credits = ${n} where id = ${referrer.id}`);
}

/** The referrer's own list (GET /api/referrals), as /refer shows it. */
const listOf = async (u: Signed) => {
  const res = await u.client.get('/api/referrals');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { friend: string; status: string; reward: string | null; explanation: string }[];
};
/** The mails queued to `email` under `subject`: each is queued once, in the transaction that completes. */
const mailsQueued = async (email: string, subject: string) =>
  (await t.db.execute(sql`select 1 from outbox where "to" = ${email} and subject = ${subject}`)).rows.length;

const codeOf = async (u: Signed) => (await u.client.get('/api/referrals/code')).json().referralCode as string;
const balance = (customer: string) => fake.state.customers.get(customer)!.balance;
const stats = async (u: Signed) => (await u.client.get('/api/referrals/stats')).json();
const referralOf = async (friendId: number) =>
  (
    await t.db.execute<{ status: string; reward_note: string | null; credit_amount: number | null }>(
      sql`select status, reward_note, credit_amount from referrals where friend_user_id = ${friendId}`,
    )
  ).rows[0];

describe('applying a code to the new subscription', () => {
  it('records a pending referral and makes the first month after the trial free', async () => {
    const referrer = await trialing();
    const friend = await trialing('pro', await codeOf(referrer));
    expect(await stats(referrer)).toEqual({
      totalReferrals: 1,
      pendingReferrals: 1,
      completedReferrals: 0,
      credits: 0,
    });
    // The referrer's list says where it stands, the colleague's address masked; nobody else sees it.
    expect(await listOf(referrer)).toEqual([
      {
        id: expect.any(Number),
        friend: maskEmail(friend.email),
        status: 'pending',
        createdAt: expect.any(String),
        completedAt: null,
        reward: null,
        explanation: 'Waiting for your colleague’s first payment, after their free trial.',
      },
    ]);
    expect(await listOf(friend)).toEqual([]);
    const { sub } = await ids(friend.id);
    const events = fake.endTrial(sub);
    const paid = events.find((e) => e.type === 'invoice.paid')!.data.object as Stripe.Invoice;
    expect(paid.billing_reason).toBe('subscription_cycle');
    expect(paid.amount_paid).toBe(0);
    expect(paid.subtotal).toBe(9980);
  });

  it('validates on the subscribe page after the subscription was created, and refuses a second code', async () => {
    const referrer = await trialing();
    const friend = await signedInUser(t.app);
    await friend.client.post('/api/create-subscription', { planId: 'pro' });
    const code = await codeOf(referrer);
    expect((await friend.client.post('/api/validate-referral-code', { code })).json()).toEqual({
      valid: true,
      message: REFERRAL_CODE_VALID,
    });
    expect((await friend.client.post('/api/subscription/referral', { code })).statusCode).toBe(201);
    // Applied once: the same code again is refused (the page knows it is applied and does not resend it).
    const repeat = await friend.client.post('/api/subscription/referral', { code });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ message: 'You have already used a referral code.' });
    expect((await stats(referrer)).totalReferrals).toBe(1);
    const other = await trialing();
    const again = await friend.client.post('/api/subscription/referral', { code: await codeOf(other) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'You have already used a referral code.' });
  });

  it('refuses codes to someone who subscribed before, and unknown codes', async () => {
    const referrer = await trialing();
    const veteran = await trialing();
    await t.db.execute(sql`update users set first_subscription_id = 'sub_older' where id = ${veteran.id}`);
    const res = await veteran.client.post('/api/subscription/referral', { code: await codeOf(referrer) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Referral codes are for new subscribers only.' });
    const unknown = await veteran.client.post('/api/subscription/referral', { code: 'NOPE1234' });
    expect(unknown.json()).toEqual({ message: 'This referral code does not exist.' });
  });
});

describe('completing a referral when the friend starts paying', () => {
  it('earns nothing for a friend whose only invoice was the free month, who then cancels', async () => {
    const referrer = await trialing();
    const friend = await trialing('pro', await codeOf(referrer));
    const { sub } = await ids(friend.id);
    const { customer } = await ids(referrer.id);
    await deliverAll(fake.endTrial(sub));
    expect(await referralOf(friend.id)).toMatchObject({ status: 'pending', credit_amount: null });
    expect((await friend.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    await deliverAll(fake.advancePeriod(sub));
    expect(fake.state.subscriptions.get(sub)!.status).toBe('canceled');
    expect(await referralOf(friend.id)).toMatchObject({ status: 'expired', credit_amount: null });
    expect(balance(customer)).toBe(0);
    expect(await stats(referrer)).toMatchObject({ completedReferrals: 0, credits: 0 });
  });

  it('credits the referrer one month of their plan, once, whatever Stripe redelivers', async () => {
    const referrer = await verified(await trialing('clinic'));
    const friend = await trialing('pro', await codeOf(referrer));
    const { sub } = await ids(friend.id);
    const { customer } = await ids(referrer.id);
    const events = untilFirstPayment(sub);
    const paid = events.filter((e) => e.type === 'invoice.paid').map((e) => e.data.object as Stripe.Invoice);
    expect(paid.map((i) => i.amount_paid)).toEqual([0, 9980]);
    await deliverAll(events);
    await deliverAll(events);
    await deliverAll([...events].reverse());

    // One month of Practice (149.80), as a customer balance credit in Stripe.
    expect(balance(customer)).toBe(-14980);
    expect(await stats(referrer)).toEqual({
      totalReferrals: 1,
      pendingReferrals: 0,
      completedReferrals: 1,
      credits: 1,
    });
    expect((await referrer.client.get('/api/user')).json().referralCredits).toBe(1);
    expect(await referralOf(friend.id)).toMatchObject({
      status: 'completed',
      reward_note: null,
      credit_amount: 14980,
    });
    expect(await listOf(referrer)).toMatchObject([
      {
        status: 'completed',
        completedAt: expect.any(String),
        reward: 'earned',
        explanation: 'You earned a free month: it comes off your next bill.',
      },
    ]);
    // One mail, whatever Stripe redelivered.
    const mail = await smtp.waitFor(referrer.email, 'You earned a free month of ChairNotes');
    expect(mail.text).toContain('has made their first payment: your referral is complete.');
    expect(await mailsQueued(referrer.email, 'You earned a free month of ChairNotes')).toBe(1);
  });

  it('credits once when the same completion arrives concurrently under different event ids', {
    tags: ['database-differences'],
  }, async () => {
    const referrer = await verified(await trialing());
    const friend = await trialing('pro', await codeOf(referrer));
    const { sub } = await ids(friend.id);
    const { customer } = await ids(referrer.id);
    const paid = untilFirstPayment(sub).findLast((e) => e.type === 'invoice.paid')!;
    const copies = Array.from({ length: 8 }, (_, i) => ({ ...paid, id: `${paid.id}_copy${i}` }));
    const answers = await Promise.all(copies.map((e) => deliver(e)));
    expect(answers.map((a) => a.statusCode)).toEqual(copies.map(() => 200));
    expect(balance(customer)).toBe(-9980);
    expect((await ids(referrer.id)).credits).toBe(1);
  });

  it('completes without a credit when the referrer has no active subscription, and says why', async () => {
    const referrer = await verified(await signedInUser(t.app));
    const friend = await trialing('pro', await codeOf(referrer));
    await deliverAll(untilFirstPayment((await ids(friend.id)).sub));
    expect(await referralOf(friend.id)).toMatchObject({
      status: 'completed',
      reward_note: NO_ACTIVE_SUBSCRIPTION,
      credit_amount: null,
    });
    expect((await ids(referrer.id)).credits).toBe(0);
    // The referrer is told why, on /refer and by mail, in their words (the admin's note stays the admin's).
    const [listed] = await listOf(referrer);
    expect(listed).toMatchObject({ status: 'completed', reward: 'none' });
    expect(listed?.explanation).toMatch(
      /^No free month: your own subscription was not active when your colleague paid\./,
    );
    const mail = await smtp.waitFor(referrer.email, 'Your ChairNotes referral is complete');
    expect(mail.text).toContain(listed!.explanation);
    expect(mail.text).not.toContain(NO_ACTIVE_SUBSCRIPTION);
  });

  it('gives no 13th free month within 12 months, and records the reason', async () => {
    const referrer = await verified(await trialing());
    const { customer } = await ids(referrer.id);
    const code = await codeOf(referrer);
    // Twelve rewards already earned this year.
    await earnedThisYear(referrer, code, 12);
    const friend = await trialing('pro', code);
    await deliverAll(untilFirstPayment((await ids(friend.id)).sub));
    expect(await referralOf(friend.id)).toMatchObject({
      status: 'completed',
      reward_note: YEARLY_LIMIT_REACHED,
      credit_amount: null,
    });
    expect(balance(customer)).toBe(0);
    expect((await ids(referrer.id)).credits).toBe(12);
    const [listed] = await listOf(referrer);
    expect(listed).toMatchObject({
      reward: 'none',
      explanation:
        'No free month: you had already earned 12 free months in the 12 months before, the most a year allows.',
    });
    expect((await smtp.waitFor(referrer.email, 'Your ChairNotes referral is complete')).text).toContain(
      'you had already earned 12 free months',
    );
  });

  it('keeps a credit owed when Stripe fails, and pays it once on a later event', async () => {
    const referrer = await verified(await trialing());
    const friend = await trialing('pro', await codeOf(referrer));
    const { customer } = await ids(referrer.id);
    const events = untilFirstPayment((await ids(friend.id)).sub);
    const paid = events.findLast((e) => e.type === 'invoice.paid')!;
    fake.failNext('POST', `/v1/customers/${customer}/balance_transactions`, { status: 500, message: 'down' });
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(balance(customer)).toBe(0);
    expect((await ids(referrer.id)).credits).toBe(1);
    // Any later event retries what is owed; once paid, nothing more.
    await deliverAll(events.filter((e) => e !== paid));
    expect(balance(customer)).toBe(-9980);
    await deliverAll(fake.trialWillEnd((await ids(referrer.id)).sub));
    expect(balance(customer)).toBe(-9980);
  });
});

describe("the referrer's verified email (docs/architecture.md#settled-points)", () => {
  it('holds the reward of a referrer who has not verified, and pays it when they do', async () => {
    const referrer = await trialing();
    // The friend's own address is never verified: the reward is the referrer's, and so is the rule.
    const friend = await trialing('pro', await codeOf(referrer));
    const { customer } = await ids(referrer.id);
    const events = untilFirstPayment((await ids(friend.id)).sub);
    await deliverAll(events);
    expect(await referralOf(friend.id)).toMatchObject({
      status: 'completed',
      reward_note: HELD_UNTIL_VERIFIED,
      credit_amount: null,
    });
    expect(balance(customer)).toBe(0);
    expect(await stats(referrer)).toMatchObject({ completedReferrals: 1, credits: 0 });
    expect(await listOf(referrer)).toMatchObject([
      {
        reward: 'held',
        explanation: 'Your free month waits for you to verify your email address: open the link we sent you.',
      },
    ]);
    expect((await smtp.waitFor(referrer.email, 'Your ChairNotes referral is complete')).text).toContain(
      'verify your email address',
    );

    await verified(referrer);
    expect(await listOf(referrer)).toMatchObject([{ reward: 'earned' }]);
    expect(balance(customer)).toBe(-9980);
    expect(await stats(referrer)).toMatchObject({ completedReferrals: 1, credits: 1 });
    expect(await referralOf(friend.id)).toMatchObject({
      status: 'completed',
      reward_note: null,
      credit_amount: 9980,
    });
    // Decided once: Stripe's redeliveries pay nothing more.
    await deliverAll(events);
    expect(balance(customer)).toBe(-9980);
    expect((await ids(referrer.id)).credits).toBe(1);
  });

  it('pays held rewards when a new address is confirmed, as that verifies it', async () => {
    const referrer = await trialing('clinic');
    const friend = await trialing('pro', await codeOf(referrer));
    await deliverAll(untilFirstPayment((await ids(friend.id)).sub));
    const { customer } = await ids(referrer.id);
    expect(balance(customer)).toBe(0);

    const next = `new-${referrer.email}`;
    const change = await referrer.client.patch('/api/user', {
      username: referrer.username,
      email: next,
      currentPassword: referrer.password,
    });
    expect(change.statusCode, change.body).toBe(200);
    await openLink(referrer, next, 'Confirm');
    expect(balance(customer)).toBe(-14980);
    expect((await ids(referrer.id)).credits).toBe(1);
  });

  it('decides held rewards by the rules as they stand on verifying: the yearly limit still holds', async () => {
    const referrer = await trialing();
    const { customer } = await ids(referrer.id);
    const code = await codeOf(referrer);
    // Eleven rewards already earned this year: room for one more.
    await earnedThisYear(referrer, code, 11);
    const first = await trialing('pro', code);
    const second = await trialing('pro', code);
    await deliverAll(untilFirstPayment((await ids(first.id)).sub));
    await deliverAll(untilFirstPayment((await ids(second.id)).sub));
    expect((await referralOf(first.id))?.reward_note).toBe(HELD_UNTIL_VERIFIED);
    expect((await referralOf(second.id))?.reward_note).toBe(HELD_UNTIL_VERIFIED);

    await verified(referrer);
    // The friend who paid first takes the twelfth month.
    expect(await referralOf(first.id)).toMatchObject({ reward_note: null, credit_amount: 9980 });
    expect(await referralOf(second.id)).toMatchObject({
      reward_note: YEARLY_LIMIT_REACHED,
      credit_amount: null,
    });
    expect(balance(customer)).toBe(-9980);
    expect((await ids(referrer.id)).credits).toBe(12);
  });

  it('gives nothing to a referrer whose subscription ended before they verified, and says why', async () => {
    const referrer = await trialing();
    const friend = await trialing('pro', await codeOf(referrer));
    await deliverAll(untilFirstPayment((await ids(friend.id)).sub));
    const { customer, sub } = await ids(referrer.id);
    expect((await referrer.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    await deliverAll(fake.endTrial(sub));
    expect(fake.state.subscriptions.get(sub)!.status).toBe('canceled');

    await verified(referrer);
    expect(await referralOf(friend.id)).toMatchObject({
      status: 'completed',
      reward_note: NO_ACTIVE_SUBSCRIPTION,
      credit_amount: null,
    });
    expect(balance(customer)).toBe(0);
    expect((await ids(referrer.id)).credits).toBe(0);
  });
});

describe('expiry', () => {
  it('expires a pending referral when the friend ends the subscription before paying', async () => {
    const referrer = await trialing();
    const friend = await trialing('pro', await codeOf(referrer));
    expect((await friend.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    await deliverAll(fake.endTrial((await ids(friend.id)).sub));
    expect(await referralOf(friend.id)).toMatchObject({ status: 'expired', credit_amount: null });
    expect(await stats(referrer)).toMatchObject({ pendingReferrals: 0, completedReferrals: 0, credits: 0 });
    expect(await listOf(referrer)).toMatchObject([
      {
        status: 'expired',
        reward: null,
        explanation: 'Your colleague’s subscription ended before their first payment.',
      },
    ]);
  });
});
