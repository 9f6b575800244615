/**
 * ChairNotes as docs/deploy.md runs it: two instances of the built server on one PostgreSQL and one
 * Redis, behind haproxy with the shipped configuration (deploy/haproxy.cfg), TRUST_PROXY set. Every
 * check goes through the balancer, as a client's requests would (`npm run test:cluster`, a CI stage).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import { type FakeStripe, signedWebhook, startFakeStripe } from '../support/fake-stripe';
import { withDatabase } from '../support/global-setup';
import { NOTE_APP, signInAcrossInstances } from '../support/oidc';
import { clearRateLimitCounts } from '../support/rate-limits';
import { balancer, httpClient, type Instance, instance } from './cluster';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const database = `chairnotes_cluster_${randomBytes(4).toString('hex')}`;
const WEBHOOK_SECRET = 'whsec_cluster';
const LOGIN_LIMIT = 6;
const NOTE_APP_CALLBACK = 'http://127.0.0.1:9/note-app/callback';

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

let fake: FakeStripe;
let lb: Awaited<ReturnType<typeof balancer>>;
let base: string;
const instances: Instance[] = [];

const newUser = () => {
  const id = randomBytes(5).toString('hex');
  return {
    username: `cluster_${id}`,
    email: `cluster.${id}@example.com`,
    password: `cluster pass ${id}`,
    agreeTerms: true,
  };
};

beforeAll(async () => {
  // The login limit counts from zero, whatever ran before from this address.
  const redis = new Redis(REDIS_URL);
  await clearRateLimitCounts(redis);
  await redis.quit();
  await sql(PG_URL, `create database ${database}`);
  fake = await startFakeStripe();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    APP_URL: base,
    DATABASE_URL: withDatabase(PG_URL, database),
    REDIS_URL,
    // One proxy in front: the client is the address haproxy appends to X-Forwarded-For.
    TRUST_PROXY: '1',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    STRIPE_SECRET_KEY: 'sk_test_cluster',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_cluster',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
    NOTE_APP_CLIENT_ID: NOTE_APP.clientId,
    NOTE_APP_CLIENT_SECRET: NOTE_APP.clientSecret,
    NOTE_APP_REDIRECT_URIS: NOTE_APP_CALLBACK,
    // As compose.yaml sets it for the shipped balancer's checks (2 s, out after 2): drain, then close.
    SHUTDOWN_DELAY_MS: '5000',
    LOG_LEVEL: 'warn',
  };
  instances.push(instance('one', env), instance('two', env));
  // Both at once on a fresh database, as a deployment's instances start: one migrates, the other waits.
  await Promise.all(instances.map((i) => i.start()));
  lb = await balancer(port, instances);
  // Until haproxy's health checks have found both.
  for (;;) {
    const seen = new Set<string | null>();
    for (let n = 0; n < 4; n++) seen.add((await fetch(`${base}/api/health`)).headers.get('x-served-by'));
    if (seen.size === 2) break;
  }
}, 240_000);

afterAll(async () => {
  await lb?.close();
  await Promise.all(instances.map((i) => i.stop()));
  await fake?.close();
  await sql(PG_URL, `drop database if exists ${database} with (force)`);
});

describe('two instances behind haproxy', () => {
  it('started together on a fresh database: the migrations ran once, and both serve', async () => {
    const applied = await sql<{ n: number }>(
      withDatabase(PG_URL, database),
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const journal = (await import('../../src/server/db/migrations/meta/_journal.json')).default;
    expect(applied[0]!.n).toBe(journal.entries.length);
    const servedBy = new Set<string | null>();
    for (let n = 0; n < 4; n++) servedBy.add((await fetch(`${base}/api/health`)).headers.get('x-served-by'));
    expect([...servedBy].sort()).toEqual(['one', 'two']);
  });

  it('register, sign in, change the account and sign out, each step on either instance', async () => {
    const user = newUser();
    const c = httpClient(base);
    const steps = [
      await c.post('/api/register', user),
      await c.get('/api/user'),
      await c.post('/api/logout'),
      await c.post('/api/login', { username: user.username, password: user.password }),
      await c.patch('/api/user', { username: `${user.username}_2`, email: user.email }),
      await c.get('/api/user'),
    ];
    expect(steps.map((s) => s.status)).toEqual([201, 200, 200, 200, 200, 200]);
    expect(steps[5]!.json().username).toBe(`${user.username}_2`);
    expect(new Set(steps.map((s) => s.servedBy))).toEqual(new Set(['one', 'two']));
    expect((await c.post('/api/logout')).status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('a subscription starts through the balancer, and its webhooks sent to both instances at once take effect once', async () => {
    const user = newUser();
    const c = httpClient(base);
    expect((await c.post('/api/register', user)).status).toBe(201);
    const started = await c.post('/api/create-subscription', { planId: 'pro' });
    expect(started.status, started.text).toBe(200);
    const db = withDatabase(PG_URL, database);
    const deliverToBoth = async (events: Stripe.Event[]) => {
      expect(events.length).toBeGreaterThan(0);
      // Stripe may deliver an event twice, to any instance: here each goes to both at the same moment.
      for (const event of events) {
        const { payload, headers } = signedWebhook(event, WEBHOOK_SECRET);
        const answers = await Promise.all(
          instances.map((i) =>
            fetch(`http://127.0.0.1:${i.port}/api/stripe/webhook`, {
              method: 'POST',
              headers,
              body: payload,
            }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
      }
      const ids = events.map((e) => e.id);
      await expect
        .poll(async () => {
          const [row] = await sql<{ n: number }>(
            db,
            'select count(*)::int as n from stripe_events where id = any($1) and processed_at is not null',
            [ids],
          );
          return row!.n;
        })
        .toBe(ids.length);
    };
    await deliverToBoth(fake.confirmSetupIntent(started.json().clientSecret.split('_secret_')[0]));
    expect((await c.get('/api/subscription')).json()).toMatchObject({ plan: 'pro', status: 'active' });
    // An event with an effect one can count: the trial-ending mail, written to the outbox once.
    const [row] = await sql<{ sub: string }>(
      db,
      'select stripe_subscription_id as sub from users where email = $1',
      [user.email],
    );
    await deliverToBoth(fake.trialWillEnd(row!.sub));
    const mails = await sql<{ subject: string }>(db, 'select subject from outbox where "to" = $1', [
      user.email,
    ]);
    // Each once: the trial-started mail (the card's confirmation) and the trial-ending one.
    expect(mails.filter((m) => /trial ends on/i.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => /trial has started/i.test(m.subject))).toHaveLength(1);
  });

  it('the login limit counts one client across both instances (Redis), as haproxy names the client', async () => {
    const user = newUser();
    expect((await httpClient(base).post('/api/register', user)).status).toBe(201);
    // Someone else, from one address, guessing the password.
    const c = httpClient(base);
    const answers = [];
    for (let n = 0; n < LOGIN_LIMIT + 2; n++)
      answers.push(await c.post('/api/login', { username: user.username, password: 'wrong password' }));
    const refused = answers.filter((a) => a.status === 429);
    // Each instance alone would have allowed LOGIN_LIMIT (2 x in all); together they allow it once.
    expect(answers.slice(0, LOGIN_LIMIT).map((a) => a.status)).toEqual(Array(LOGIN_LIMIT).fill(401));
    expect(refused.length).toBe(2);
    expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set(['one', 'two']));
  });

  it("the note app's sign-in (OpenID Connect) works with its steps on both instances", async () => {
    const steps = await signInAcrossInstances(base, NOTE_APP_CALLBACK);
    expect(new Set(steps.map((s) => s.servedBy))).toEqual(new Set(['one', 'two']));
  });

  it('an instance stopped with SIGTERM under load, then started again: no request fails', async () => {
    const user = newUser();
    const c = httpClient(base);
    expect((await c.post('/api/register', user)).status).toBe(201);
    const failures: string[] = [];
    const servedBy = new Map<string, number>();
    // Resolves at the first answer after which `done` holds: the test waits for answers, not for time.
    const waiting: { done: () => boolean; resolve: () => void }[] = [];
    const whenServed = (done: () => boolean) =>
      new Promise<void>((resolve) => waiting.push({ done, resolve }));
    let sent = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        sent++;
        try {
          const res = await c.get(sent % 2 ? '/api/user' : '/api/subscription-plans');
          servedBy.set(res.servedBy ?? '?', (servedBy.get(res.servedBy ?? '?') ?? 0) + 1);
          for (const w of waiting.filter((w) => w.done())) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve();
          }
          if (res.status !== 200)
            failures.push(`${res.status} from ${res.servedBy}: ${res.text.slice(0, 100)}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const load = Array.from({ length: 8 }, worker);
    const [first] = instances;
    // Mid-load: once both instances are answering the clients.
    await whenServed(() => (servedBy.get('one') ?? 0) >= 50 && (servedBy.get('two') ?? 0) >= 50);
    expect(await first!.stop()).toBe(0);
    const sentWhileOne = sent;
    await first!.start();
    // Until haproxy sends to it again.
    const before = servedBy.get('one') ?? 0;
    await whenServed(() => (servedBy.get('one') ?? 0) > before);
    running = false;
    await Promise.all(load);
    console.log(
      `SIGTERM under load: ${sent} requests (${sentWhileOne} by the time the stopped one had exited), served by ${JSON.stringify(Object.fromEntries(servedBy))}, ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
  }, 180_000);
});
