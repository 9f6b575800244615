// @module-tag database-differences: requests that arrive together, which PGlite takes one at a time and PostgreSQL side by side (vitest.config.ts).
/**
 * Requests that arrive together: the database decides (unique constraints, conditional updates),
 * so exactly one wins and the others get a 409 a person can read, never a 500 or a duplicate.
 *
 * Already covered elsewhere, not repeated here:
 * - ten simultaneous deliveries of one webhook event have one effect (billing.test.ts, 'ten
 *   simultaneous deliveries of one event have one effect');
 * - one referral completion arriving concurrently under different event ids credits once
 *   (referral-rewards.test.ts);
 * - two simultaneous uses of one password-reset link (password-reset.test.ts);
 * - five simultaneous create-subscription requests (billing.test.ts; ten, below, also check Stripe's side).
 *
 * Requests that arrive together also share one session look-up (src/server/lib/batched-lookup.ts):
 * each must still get its own account, and a dead session none.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokensRepo } from '../../src/server/account/email-tokens-repo';
import { sha256Hex } from '../../src/server/lib/tokens';
import { REFERRAL_CODE_VALID } from '../../src/shared/schemas/referrals';
import { client, newUser, signedInUser, stripeApp, subscribeWithCard } from '../support/app';

const t = await stripeApp({ LOGIN_RATE_LIMIT: '100000', FORM_RATE_LIMIT: '100000' });
const { fake, deliver } = t;

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

async function stripeIds(userId: number) {
  return (
    await rows<{ customer: string; sub: string; claimed: Date | null }>(
      sql`select stripe_customer_id as customer, stripe_subscription_id as sub,
          subscription_claimed_at as claimed from users where id = ${userId}`,
    )
  )[0]!;
}

function tally(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const c of codes) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

describe('registrations', () => {
  it('50 at once for one username: one account, 49 answers of 409 "Username already exists"', async () => {
    const username = `racer${Date.now().toString(36)}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client(t.app, `198.51.100.${i}`).post(
          '/api/register',
          newUser({ username, email: `${username}.${i}@example.com` }),
        ),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 49 });
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ message: 'Username already exists' });
    expect(await count(sql`select count(*) as n from users where lower(username) = ${username}`)).toBe(1);
  });

  it("counts 'Alice' and 'alice' as one name when they race", async () => {
    const base = `Alice${Date.now().toString(36)}`;
    const names = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0 ? base : i % 3 === 1 ? base.toLowerCase() : base.toUpperCase(),
    );
    const results = await Promise.all(
      names.map((username, i) =>
        client(t.app).post('/api/register', newUser({ username, email: `alice.${i}.${base}@example.com` })),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 19 });
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ message: 'Username already exists' });
    expect(
      await count(sql`select count(*) as n from users where lower(username) = ${base.toLowerCase()}`),
    ).toBe(1);
  });

  it('20 at once for one email, in any case: one account, the rest "Email already registered"', async () => {
    const email = `same.${Date.now().toString(36)}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client(t.app).post(
          '/api/register',
          newUser({
            username: `sameemail${i}${Date.now().toString(36)}`,
            email: i % 2 ? email.toUpperCase() : email,
          }),
        ),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 19 });
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ message: 'Email already registered' });
    expect(await count(sql`select count(*) as n from users where email = ${email}`)).toBe(1);
  });
});

describe('email changes', () => {
  it('two users confirming links to the same new email at once: one gets it, the other a 409', async () => {
    const [a, b] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    const email = `wanted.${Date.now().toString(36)}@example.com`;
    const expiresAt = new Date(Date.now() + 60_000);
    const links = [a, b].map((u) => ({ token: `race-${u.id}-${Date.now().toString(36)}`, userId: u.id }));
    for (const { token, userId } of links)
      await emailTokensRepo(t.db).create({
        hash: sha256Hex(token),
        userId,
        purpose: 'change',
        email,
        expiresAt,
      });
    const results = await Promise.all(
      links.map(({ token }) => client(t.app).post('/api/user/verify-email', { token })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({
      message: 'Email already registered',
    });
    expect(await count(sql`select count(*) as n from users where email = ${email}`)).toBe(1);
  });
});

describe('subscriptions', () => {
  it('10 create-subscription requests for one user at once: one Stripe subscription, nine 409s', async () => {
    const u = await signedInUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => u.client.post('/api/create-subscription', { planId: 'pro' })),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 1, 409: 9 });
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().message).toMatch(/subscription/i);

    const { customer, sub, claimed } = await stripeIds(u.id);
    const customers = [...fake.state.customers.values()].filter((c) => c.metadata?.userId === String(u.id));
    expect(customers.map((c) => c.id)).toEqual([customer]);
    const subs = [...fake.state.subscriptions.values()].filter((s) => s.customer === customer);
    expect(subs.map((s) => s.id)).toEqual([sub]);
    expect(claimed).toBeNull();
    // Its trial waits for the card: nothing has begun yet.
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
    });
  });

  it('the retention discount asked for 8 times at once is applied once, in Stripe too', async () => {
    const u = await signedInUser(t.app);
    await subscribeWithCard(t, u);
    const { sub } = await stripeIds(u.id);
    const updatesBefore = fake.requests.filter(
      (r) => r.path === `/v1/subscriptions/${sub}` && r.method === 'POST',
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, () => u.client.post('/api/subscription/discount')),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 1, 409: 7 });
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ message: 'The 50% discount has already been used on this account.' });
    const updates = fake.requests.filter((r) => r.path === `/v1/subscriptions/${sub}` && r.method === 'POST');
    expect(updates.length - updatesBefore.length).toBe(1);
    expect((await u.client.get('/api/subscription')).json()).toMatchObject({
      hasDiscount: true,
      retentionOfferAvailable: false,
    });
  });

  it('a referral code applied 20 times at once is applied once: one 201, nineteen 409', async () => {
    const referrer = await signedInUser(t.app);
    const code = (await referrer.client.get('/api/referrals/code')).json().referralCode as string;
    const friend = await signedInUser(t.app);
    expect((await friend.client.post('/api/create-subscription', { planId: 'pro' })).statusCode).toBe(200);
    const { sub } = await stripeIds(friend.id);
    const updates = () =>
      fake.requests.filter((r) => r.path === `/v1/subscriptions/${sub}` && r.method === 'POST').length;
    const updatesBefore = updates();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => friend.client.post('/api/subscription/referral', { code })),
    );
    // Before: 18 of them answered 'applied'. One request applies it; every other says it is used.
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 19 });
    expect(results.find((r) => r.statusCode === 201)!.json()).toEqual({ message: REFERRAL_CODE_VALID });
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ message: 'You have already used a referral code.' });
    expect(await count(sql`select count(*) as n from referrals where friend_user_id = ${friend.id}`)).toBe(1);
    // Only the winner reached Stripe: one update adding the coupon.
    expect(updates() - updatesBefore).toBe(1);
  });

  it("a burst of a subscription's events, all at once and newest first, leaves the state Stripe has now", async () => {
    const u = await signedInUser(t.app);
    await subscribeWithCard(t, u);
    const { sub } = await stripeIds(u.id);
    expect((await u.client.post('/api/subscription/cancel')).statusCode).toBe(200);
    fake.endTrial(sub); // cancel_at_period_end: the trial's end cancels it
    const events = fake.events.filter((e) => {
      const object = e.data.object as { id?: string; subscription?: string | null; customer?: string };
      return object.id === sub || object.subscription === sub;
    });
    expect(events.length).toBeGreaterThan(2);
    const results = await Promise.all([...events].reverse().map((e) => deliver(e)));
    expect(results.map((r) => r.statusCode)).toEqual(events.map(() => 200));
    expect(fake.state.subscriptions.get(sub)?.status).toBe('canceled');
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
    });
    for (const e of events)
      expect(await count(sql`select count(*) as n from stripe_events where id = ${e.id}`), e.type).toBe(1);
  });
});

describe('newsletter', () => {
  it('20 sign-ups of one address at once: one subscriber, one welcome mail, no error', async () => {
    const email = `news.${Date.now().toString(36)}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client(t.app, `203.0.113.${i}`).post('/api/newsletter', { email }),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 1, 200: 19 });
    expect(await count(sql`select count(*) as n from subscribers where email = ${email}`)).toBe(1);
    // The welcome mail is written in the background: wait for it, then make sure there is one.
    await expect
      .poll(() => count(sql`select count(*) as n from outbox where "to" = ${email}`), { timeout: 5_000 })
      .toBe(1);
  });
});

describe('signed-in requests arriving together', () => {
  it('40 users at once each get their own account; a signed-out and a forged session get 401', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, () => signedInUser(t.app)));
    const [leaver] = users;
    expect((await leaver!.client.post('/api/logout')).statusCode).toBe(200);
    const forged = client(t.app);
    forged.jar.set('cn_session', 'AAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const answers = await Promise.all([
      ...users.map((u) => u.client.get('/api/user')),
      forged.get('/api/user'),
    ]);
    const forgedAnswer = answers.pop()!;
    expect(forgedAnswer.statusCode).toBe(401);
    expect(answers[0]!.statusCode, 'the signed-out user').toBe(401);
    answers.slice(1).forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: users[i + 1]!.id, username: users[i + 1]!.username });
    });
  });
});
