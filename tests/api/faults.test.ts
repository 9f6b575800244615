/**
 * When what the app depends on fails: Stripe answering 500s or not at all, and the database going
 * away. The person gets a clear JSON message (502 for Stripe, 503 for the database), nothing is
 * left half-made, and trying again works once the fault has passed.
 *
 * Stripe's 500s come from the fake's failNext: by default the fake tells the SDK not to retry, so
 * one fault reaches the app. A slow Stripe comes from its delayNext, against an app whose Stripe
 * client waits 300 ms an attempt (STRIPE_TIMEOUT_MS; 8 s in production) and retries twice.
 * Already covered elsewhere: POST /v1/subscriptions failing during create-subscription
 * (billing.test.ts), Stripe failing during account deletion (account-rights.test.ts), during a
 * referral credit (referral-rewards.test.ts) and while a webhook event is processed (webhook-queue.test.ts).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, signedInUser, startStripeApp, stripeApp, subscribeWithCard } from '../support/app';

const ENV = { LOGIN_RATE_LIMIT: '100000' };
const t = await stripeApp(ENV);
const { fake } = t;
/** A Stripe client that gives up after 300 ms an attempt (8 s in production), for 'Stripe answering slowly'. */
const TIMEOUT_MS = 300;
const slow = await stripeApp({ ...ENV, STRIPE_TIMEOUT_MS: String(TIMEOUT_MS) });

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const STRIPE_FAILED =
  'Our payment provider did not respond as expected. Nothing was charged; please try again.';

async function ids(userId: number, db = t.db) {
  const rows = await db.execute<{ customer: string | null; sub: string | null; claimed: Date | null }>(
    sql`select stripe_customer_id as customer, stripe_subscription_id as sub,
        subscription_claimed_at as claimed from users where id = ${userId}`,
  );
  return rows.rows[0]!;
}

const customersOf = (userId: number) =>
  [...fake.state.customers.values()].filter((c) => c.metadata?.userId === String(userId));
const subscriptionsOf = (customer: string, stripe = fake) =>
  [...stripe.state.subscriptions.values()].filter((s) => s.customer === customer);

/** What must hold after any fault and a retry: one customer, one live subscription, the database in step with Stripe. */
async function expectConsistent(u: Signed) {
  const { customer, sub, claimed } = await ids(u.id);
  expect(claimed, 'the user is left claimed').toBeNull();
  expect(customersOf(u.id).map((c) => c.id)).toEqual([customer]);
  const live = subscriptionsOf(customer!).filter(
    (s) => !['canceled', 'incomplete_expired'].includes(s.status),
  );
  expect(live.map((s) => s.id)).toEqual([sub]);
  expect(
    fake.state.subscriptions.has(sub!),
    'the database points at a subscription Stripe does not have',
  ).toBe(true);
  // Nothing has started before the card; once it is confirmed, the trial has.
  expect((await u.client.get('/api/user')).json()).toMatchObject({
    plan: 'free',
    subscriptionStatus: 'inactive',
  });
  await t.deliverAll(fake.confirmSetupIntent(fake.state.subscriptions.get(sub!)!.pending_setup_intent!));
  expect((await u.client.get('/api/user')).json()).toMatchObject({
    plan: 'pro',
    subscriptionStatus: 'active',
  });
}

/** A subscriber to Plus at `s`, their card confirmed. */
async function subscribed(s: typeof t = t) {
  const u = await signedInUser(s.app);
  await subscribeWithCard(s, u);
  return u;
}

describe('Stripe failing while a subscription is created', () => {
  it('the catalogue (prices) failing: 502, then the retry works', async () => {
    // The catalogue is read once per process: a new app (with its own Stripe, as each database
    // has), so this request is the first to need it.
    const own = await startStripeApp(ENV);
    try {
      const u = await signedInUser(own.app);
      own.fake.failNext('GET', '/v1/prices', { status: 500 });
      const failed = await u.client.post('/api/create-subscription', { planId: 'pro' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: STRIPE_FAILED });
      const retry = await u.client.post('/api/create-subscription', { planId: 'pro' });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().intent).toBe('setup');
    } finally {
      await own.close();
    }
  });

  it.each([
    ['creating the customer', 'POST', '/v1/customers'],
    ['listing the subscriptions', 'GET', '/v1/subscriptions'],
  ])(
    '%s failing: 502 with a message, nothing half-made, and the retry makes one subscription',
    async (_step, method, path) => {
      const u = await signedInUser(t.app);
      fake.failNext(method, path, { status: 500 });
      const failed = await u.client.post('/api/create-subscription', { planId: 'pro' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: STRIPE_FAILED });
      expect((await u.client.get('/api/user')).json()).toMatchObject({
        plan: 'free',
        subscriptionStatus: 'inactive',
      });
      const after = await ids(u.id);
      expect(after.claimed).toBeNull();
      expect(after.sub).toBeNull();

      const retry = await u.client.post('/api/create-subscription', { planId: 'pro' });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toMatchObject({ intent: 'setup' });
      await expectConsistent(u);
    },
  );

  it('reading the new subscription back failing: the database still only points at what Stripe has', async () => {
    const u = await signedInUser(t.app);
    // Let the first list (the check for an existing subscription) through, fail the second (the read-back).
    const subscriptions = t.app.ctx.billing!.stripe.subscriptions;
    const list = subscriptions.list;
    let calls = 0;
    subscriptions.list = (async (...args: Parameters<typeof list>) => {
      const call = ++calls;
      const result = await list.apply(subscriptions, args);
      if (call === 1) fake.failNext('GET', '/v1/subscriptions', { status: 500 });
      return result;
    }) as typeof list;
    let failed: Awaited<ReturnType<Signed['client']['post']>>;
    try {
      failed = await u.client.post('/api/create-subscription', { planId: 'pro' });
    } finally {
      subscriptions.list = list;
    }
    expect(calls).toBe(2);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: STRIPE_FAILED });
    expect((await ids(u.id)).claimed).toBeNull();

    // The subscription was made in Stripe; asking again picks up its card setup where it stopped.
    const retry = await u.client.post('/api/create-subscription', { planId: 'pro' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ intent: 'setup', clientSecret: expect.stringMatching(/^seti_/) });
    await expectConsistent(u);
  });

  it('a 500 Stripe marks as retryable is retried by the client, with the same idempotency key', async () => {
    const u = await signedInUser(t.app);
    const before = fake.requests.length;
    fake.failNext('POST', '/v1/subscriptions', { status: 500, retryable: true });
    const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    const creates = fake.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(creates).toHaveLength(2);
    expect(creates[0]!.idempotencyKey).toMatch(/^subscription-\d+-\d+$/);
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
    await expectConsistent(u);
  });

  it('Stripe unreachable: 502 with a message after the retries, and the user is not left claimed', async () => {
    const own = await startStripeApp(ENV);
    await own.fake.close(); // its port now refuses connections
    try {
      const u = await signedInUser(own.app);
      const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: STRIPE_FAILED });
      const [row] = (
        await own.db.execute<{ claimed: Date | null; customer: string | null }>(
          sql`select subscription_claimed_at as claimed, stripe_customer_id as customer from users where id = ${u.id}`,
        )
      ).rows;
      expect(row).toEqual({ claimed: null, customer: null });
    } finally {
      await own.close();
    }
  });
});

describe('Stripe failing during a subscription action', () => {
  it.each([
    ['freeze', { subscriptionStatus: 'paused' }],
    ['cancel', { subscriptionStatus: 'active' }],
    ['discount', { hasDiscount: true }],
  ] as const)('%s: 502 with a message, nothing changed, and the retry works', async (action, effect) => {
    const u = await subscribed();
    const { sub } = await ids(u.id);
    const details = (await u.client.get('/api/subscription')).json();
    fake.failNext('POST', `/v1/subscriptions/${sub}`, { status: 500 });
    const failed = await u.client.post(`/api/subscription/${action}`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: STRIPE_FAILED });
    // Nothing changed, and the once-only discount was given back.
    expect((await u.client.get('/api/subscription')).json()).toEqual(details);
    expect(fake.state.subscriptions.get(sub!)?.pause_collection ?? null).toBeNull();
    expect(fake.state.subscriptions.get(sub!)?.cancel_at_period_end).toBe(false);

    const retry = await u.client.post(`/api/subscription/${action}`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject(effect);
    if (action === 'cancel')
      expect((await u.client.get('/api/subscription')).json().cancelAtPeriodEnd).toBe(true);
  });

  it('the sync after checkout failing: 502, the account as it was, and the next sync works', async () => {
    const u = await subscribed();
    const before = (await u.client.get('/api/user')).json();
    fake.failNext('GET', '/v1/subscriptions', { status: 500 });
    const failed = await u.client.post('/api/subscription/sync');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: STRIPE_FAILED });
    expect((await u.client.get('/api/user')).json()).toEqual(before);
    expect((await u.client.post('/api/subscription/sync')).statusCode).toBe(200);
  });
});

describe('Stripe answering slowly', () => {
  // Longer than the client's three attempts together, so the person's request gives up first.
  const STRIPE_TAKES_MS = 3500;
  const STRIPE_SLOW =
    'Our payment provider is taking too long to answer. Nothing was charged; please try again in a minute.';
  const stripe = slow.fake;
  const madeInStripe = (customer: string) => subscriptionsOf(customer, stripe);
  /** Until the slow request, which Stripe still finishes, has had its effect. */
  const stripeFinished = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

  it('creating the subscription: a clear message within seconds, nothing half-made, and the retry carries on with what Stripe made', async () => {
    const u = await signedInUser(slow.app);
    stripe.delayNext(STRIPE_TAKES_MS, 'POST', '/v1/subscriptions');
    const started = Date.now();
    const failed = await u.client.post('/api/create-subscription', { planId: 'pro' });
    const waited = Date.now() - started;
    expect(failed.statusCode, failed.body).toBe(504);
    expect(failed.json()).toEqual({ message: STRIPE_SLOW });
    // Three attempts of 300 ms and the back-off between them, not the SDK's default minutes.
    expect(waited).toBeLessThan(STRIPE_TAKES_MS);
    const after = await ids(u.id, slow.db);
    expect(after.claimed, 'the user is left claimed').toBeNull();
    expect(after.sub).toBeNull();
    expect((await u.client.get('/api/user')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
    });

    // Stripe finishes the first request after all: a trial now waits there for a card.
    await stripeFinished(() => expect(madeInStripe(after.customer!)).toHaveLength(1));
    const [made] = madeInStripe(after.customer!);
    expect(made!.status).toBe('trialing');

    // Trying again gives the card form for that same trial: no second subscription, and no trial
    // without a card (before, this answered "You already have a subscription").
    const retry = await u.client.post('/api/create-subscription', { planId: 'pro' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ intent: 'setup', clientSecret: expect.stringMatching(/^seti_/) });
    expect(madeInStripe(after.customer!).map((s) => s.id)).toEqual([made!.id]);
    const row = (
      await slow.db.execute<{ sub: string | null; first: string | null }>(
        sql`select stripe_subscription_id as sub, first_subscription_id as first from users where id = ${u.id}`,
      )
    ).rows[0]!;
    expect(row).toEqual({ sub: made!.id, first: made!.id });
    // Still waiting for the card: nothing has begun.
    expect((await u.client.get('/api/user')).json()).toMatchObject({ plan: 'free', noteAppAccess: false });
  });

  it('freezing: a clear message, the account as it was, and the account follows Stripe once it has answered', async () => {
    const u = await subscribed(slow);
    const before = (await u.client.get('/api/user')).json();
    const { sub } = await ids(u.id, slow.db);
    stripe.delayNext(STRIPE_TAKES_MS, 'POST', `/v1/subscriptions/${sub}`);
    const failed = await u.client.post('/api/subscription/freeze');
    expect(failed.statusCode, failed.body).toBe(504);
    expect(failed.json()).toEqual({ message: STRIPE_SLOW });
    expect((await u.client.get('/api/user')).json()).toEqual(before);

    await stripeFinished(() =>
      expect(stripe.state.subscriptions.get(sub!)?.pause_collection).toMatchObject({ behavior: 'void' }),
    );
    const synced = await u.client.post('/api/subscription/sync');
    expect(synced.statusCode, synced.body).toBe(200);
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('paused');
  });
});

describe('the database going away', { tags: ['database-differences'] }, () => {
  if (process.env.TEST_DATABASE_URL) {
    // PostgreSQL: a failover or a restart ends every connection; the pool must open new ones.
    it('PostgreSQL: connections killed mid-burst give 200s or prompt 503s, then it serves again', {
      timeout: 30_000,
    }, async () => {
      const own = await createTestApp();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      try {
        const users = await Promise.all(Array.from({ length: 4 }, () => signedInUser(own.app)));
        const [{ db }] = (await own.db.execute<{ db: string }>(sql`select current_database() as db`))
          .rows as [{ db: string }];
        await admin.connect();
        await admin.query(`select 1`);

        const answers: { status: number; ms: number; body: string }[] = [];
        let kills = 0;
        const killedAt: number[] = [];
        const burst = async (u: Signed) => {
          for (let i = 0; i < 40; i++) {
            const start = Date.now();
            const res = await u.client.get('/api/user');
            answers.push({ status: res.statusCode, ms: Date.now() - start, body: res.body });
          }
        };
        const killer = async () => {
          for (let i = 0; i < 3; i++) {
            await new Promise((resolve) => setTimeout(resolve, 15));
            const killed = await admin.query(
              `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
              [db],
            );
            kills += killed.rowCount ?? 0;
            killedAt.push(answers.length);
          }
        };
        await Promise.all([...users.map(burst), killer()]);

        expect(kills, 'the test killed no connection').toBeGreaterThan(0);
        expect(killedAt[0], 'the connections were killed after the burst, not during it').toBeLessThan(
          answers.length,
        );
        for (const a of answers) {
          expect([200, 503], a.body).toContain(a.status);
          if (a.status === 503) {
            expect(JSON.parse(a.body).message).toMatch(/^Service temporarily unavailable/);
            expect(a.ms, 'a 503 must come promptly').toBeLessThan(2_000);
          }
        }
        // Afterwards, without a restart, every request is served again.
        for (const u of users) {
          const res = await u.client.get('/api/user');
          expect(res.statusCode, res.body).toBe(200);
        }
        expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await admin.end();
        await own.close();
      }
    });
  } else {
    // PGlite lives in the process: it cannot "come back" by itself, but while it is gone the app
    // must say so with a 503 (so a load balancer looks elsewhere), not fail with a 500.
    it('PGlite: with the database closed, requests get a prompt 503 with a message, not a 500', async () => {
      const own = await createTestApp();
      try {
        const u = await signedInUser(own.app);
        expect((await u.client.get('/api/user')).statusCode).toBe(200);
        await own.database.close();
        for (const url of ['/api/user', '/api/health', '/api/referrals/stats']) {
          const start = Date.now();
          const res = await u.client.get(url);
          expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
          expect(res.json().message).toMatch(/^Service temporarily unavailable/);
          expect(res.headers['retry-after']).toBe('5');
          expect(Date.now() - start).toBeLessThan(2_000);
        }
      } finally {
        await own.app.close();
      }
    });
  }
});
