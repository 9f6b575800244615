/**
 * A referral code that reached the subscribe page is applied with no second action
 * (docs/decisions/064-referral-code-applied-with-the-subscription.md): the create call carries a
 * share link's code and the server applies it with the subscription; a code that cannot be used is
 * answered with why, before any payment; Remove takes it off again.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_COUPON_ID } from '../../src/server/billing/catalog';
import { REFERRAL_CODE_REMOVED, REFERRAL_CODE_VALID } from '../../src/shared/schemas/referrals';
import { client, signedInUser, stripeApp } from '../support/app';

const t = await stripeApp();
const { fake } = t;

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const codeOf = async (u: Signed) => (await u.client.get('/api/referrals/code')).json().referralCode as string;
const stats = async (u: Signed) => (await u.client.get('/api/referrals/stats')).json();
async function couponsOf(userId: number) {
  const rows = await t.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${userId}`,
  );
  const sub = fake.state.subscriptions.get(rows.rows[0]!.sub)!;
  return sub.discounts.map((id) => fake.state.discounts.get(id)?.coupon);
}
const referralRows = async (friendId: number) =>
  (
    await t.db.execute<{ referral_code: string; status: string }>(
      sql`select referral_code, status from referrals where friend_user_id = ${friendId}`,
    )
  ).rows;

describe('POST /api/create-subscription with the referral code that reached the page', () => {
  it("applies it with the subscription: the friend's free month and the referral, nothing pressed", async () => {
    const referrer = await signedInUser(t.app);
    const code = await codeOf(referrer);
    const friend = await signedInUser(t.app);
    const res = await friend.client.post('/api/create-subscription', {
      planId: 'pro',
      referralCode: ` ${code.toLowerCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().referral).toEqual({ code, applied: true, message: REFERRAL_CODE_VALID });
    expect(await couponsOf(friend.id)).toEqual([REFERRAL_COUPON_ID]);
    expect(await referralRows(friend.id)).toEqual([{ referral_code: code, status: 'pending' }]);
    expect(await stats(referrer)).toMatchObject({ totalReferrals: 1, pendingReferrals: 1 });

    // Coming back to the page (the card not yet given) shows the code applied, and applies nothing twice.
    const again = await friend.client.post('/api/create-subscription', { planId: 'pro', referralCode: code });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().referral).toEqual({ code, applied: true, message: REFERRAL_CODE_VALID });
    const plain = await friend.client.post('/api/create-subscription', { planId: 'pro' });
    expect(plain.json().referral).toEqual({ code, applied: true, message: REFERRAL_CODE_VALID });
    expect(await couponsOf(friend.id)).toEqual([REFERRAL_COUPON_ID]);
    expect(await referralRows(friend.id)).toHaveLength(1);
  });

  it("keeps the friend's referral pending through Stripe's events before the card, and after it", async () => {
    const referrer = await signedInUser(t.app);
    const code = await codeOf(referrer);
    const friend = await signedInUser(t.app);
    const from = fake.state.events.length;
    const res = await friend.client.post('/api/create-subscription', { planId: 'pro', referralCode: code });
    expect(res.statusCode, res.body).toBe(200);
    // What Stripe tells the webhook of the subscription's creation (the £0 trial invoice too) arrives
    // while the trial still waits for its card: the friend is not live yet, but the referral is not over.
    const early = fake.state.events.slice(from);
    expect(early.length).toBeGreaterThan(0);
    await t.deliverAll(early);
    expect(await referralRows(friend.id)).toEqual([{ referral_code: code, status: 'pending' }]);
    await t.deliverAll(fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]));
    expect(await stats(referrer)).toMatchObject({ totalReferrals: 1, pendingReferrals: 1 });
  });

  it('answers a code that cannot be used with why, and starts the subscription without it', async () => {
    const friend = await signedInUser(t.app);
    const res = await friend.client.post('/api/create-subscription', {
      planId: 'pro',
      referralCode: 'NOSUCH99',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientSecret).toMatch(/_secret_/);
    expect(res.json().referral).toEqual({
      code: 'NOSUCH99',
      applied: false,
      message: 'This referral code does not exist.',
    });
    expect(await couponsOf(friend.id)).toEqual([]);
    expect(await referralRows(friend.id)).toEqual([]);

    const own = await signedInUser(t.app);
    const ownAnswer = await own.client.post('/api/create-subscription', {
      planId: 'clinic',
      referralCode: await codeOf(own),
    });
    expect(ownAnswer.json().referral).toMatchObject({
      applied: false,
      message: 'You cannot use your own referral code.',
    });
  });

  it('has no referral to tell of when none was sent or applied', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
    expect(res.json().referral).toBeNull();
  });

  it('refuses a malformed code with 400 naming the field', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.post('/api/create-subscription', {
      planId: 'pro',
      referralCode: 'X'.repeat(33),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'referralCode: Referral codes are at most 32 characters' });
  });
});

describe('DELETE /api/subscription/referral (Remove)', () => {
  it('takes the code off the subscription being set up; a code applied again after it counts', async () => {
    const referrer = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const friend = await signedInUser(t.app);
    await friend.client.post('/api/create-subscription', {
      planId: 'pro',
      referralCode: await codeOf(referrer),
    });
    expect(await couponsOf(friend.id)).toEqual([REFERRAL_COUPON_ID]);

    const removed = await friend.client.delete('/api/subscription/referral');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: REFERRAL_CODE_REMOVED });
    expect(await couponsOf(friend.id)).toEqual([]);
    expect(await referralRows(friend.id)).toEqual([]);
    expect((await stats(referrer)).totalReferrals).toBe(0);
    const twice = await friend.client.delete('/api/subscription/referral');
    expect(twice.statusCode).toBe(404);

    // Another colleague's code instead: applied for real, not an old answer replayed by Stripe.
    const applied = await friend.client.post('/api/subscription/referral', { code: await codeOf(other) });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await couponsOf(friend.id)).toEqual([REFERRAL_COUPON_ID]);
    expect((await stats(other)).pendingReferrals).toBe(1);
  });

  it('is refused once the code has been paid for (the referral no longer pending), and signed out', async () => {
    const referrer = await signedInUser(t.app);
    const friend = await signedInUser(t.app);
    await friend.client.post('/api/create-subscription', {
      planId: 'pro',
      referralCode: await codeOf(referrer),
    });
    await t.db.execute(sql`update referrals set status = 'completed' where friend_user_id = ${friend.id}`);
    expect((await friend.client.delete('/api/subscription/referral')).statusCode).toBe(404);
    expect(await couponsOf(friend.id)).toEqual([REFERRAL_COUPON_ID]);
    expect((await client(t.app).delete('/api/subscription/referral')).statusCode).toBe(401);
  });
});
