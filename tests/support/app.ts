import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { afterAll } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { createTestDatabase } from './db';
import { signedWebhook, startFakeStripe } from './fake-stripe';

export const APP_URL = 'http://localhost:5000';
export const ORIGIN = { origin: APP_URL };

/** A SECRETS_KEY for the tests (32 bytes, base64): the app seals second-factor secrets with it. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app on a fresh, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    beforeReady,
    ...opts
  }: Pick<BuildOptions, 'onRoute' | 'clientDir' | 'siteDir' | 'logStream'> & {
    /** Adds what must come before the app is ready (hooks of the test's own). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
) {
  // Most files register and sign in far more than ten times from one address: the files that test
  // the limit set LOGIN_RATE_LIMIT themselves.
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_URL,
    LOGIN_RATE_LIMIT: '1000',
    SECRETS_KEY: TEST_SECRETS_KEY,
    // The practice terms' sample stands in for the operator's (docs/decisions/103-operator-content-shown-only-when-supplied.md).
    SAMPLE_CONTENT: 'true',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, ...opts });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export const WEBHOOK_SECRET = 'whsec_test';

export type StripeTestApp = Awaited<ReturnType<typeof startStripeApp>>;

/**
 * The real app with payments on, its Stripe SDK talking to a fake Stripe of its own (each database
 * restarts user ids, and one Stripe would refuse a customer idempotency key seen with another user).
 * The caller closes it; most files want stripeApp, which closes it by itself.
 */
export async function startStripeApp(
  env: Record<string, string> = {},
  opts: Pick<BuildOptions, 'onRoute' | 'logStream'> = {},
) {
  const fake = await startFakeStripe();
  const t = await createTestApp(
    {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      ...env,
    },
    opts,
  );
  /** Posts the event to the webhook, signed as Stripe would sign it (with `secret`), and returns the answer. */
  const send = (event: Stripe.Event, secret = WEBHOOK_SECRET) => {
    const { payload, headers } = signedWebhook(event, secret);
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload });
  };
  /** Until the app has processed every event it recorded (the webhook answers before it processes). */
  const processed = () => t.app.stripeEvents!.drained();
  /** send, then waits until the app has processed the event: what a test reads afterwards is its effect. */
  const deliver = async (event: Stripe.Event, secret = WEBHOOK_SECRET) => {
    const res = await send(event, secret);
    await processed();
    return res;
  };
  return {
    ...t,
    fake,
    send,
    processed,
    deliver,
    /** Delivers each event in turn, as Stripe would, and fails unless the app accepts each one. */
    async deliverAll(events: Stripe.Event[]) {
      for (const event of events) {
        const res = await deliver(event);
        if (res.statusCode !== 200)
          throw new Error(`webhook ${event.type} answered ${res.statusCode}: ${res.body}`);
      }
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/**
 * startStripeApp, closed by itself after the file's tests (as fastify/demo's test/helper.ts tears
 * down what it builds): call it at the top of the test file.
 */
export async function stripeApp(
  env: Record<string, string> = {},
  opts: Pick<BuildOptions, 'onRoute' | 'logStream'> = {},
): Promise<StripeTestApp> {
  const s = await startStripeApp(env, opts);
  afterAll(() => s.close());
  return s;
}

type Json = Record<string, unknown>;

/** A browser-like client: sends our Origin on writes and keeps the cookies it is given. */
export function client(app: FastifyInstance, ip = '127.0.0.1', userAgent = 'lightMyRequest') {
  const jar = new Map<string, string>();
  function remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  }
  async function request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: Json) {
    const cookies = Object.fromEntries(jar);
    const res = await app.inject({
      method,
      url,
      remoteAddress: ip,
      // Writes carry the app's own origin, as its pages' requests do.
      headers: { 'user-agent': userAgent, ...(method === 'GET' ? {} : { origin: app.ctx.config.APP_URL }) },
      cookies,
      ...(body === undefined ? {} : { payload: body }),
    });
    return remember(res);
  }
  return {
    jar,
    get: (url: string) => request('GET', url),
    post: (url: string, body?: Json) => request('POST', url, body),
    put: (url: string, body?: Json) => request('PUT', url, body),
    patch: (url: string, body?: Json) => request('PATCH', url, body),
    delete: (url: string, body?: Json) => request('DELETE', url, body),
  };
}

let counter = 0;
export function newUser(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `dentist${id}`,
    email: `dentist${id}@example.co.uk`,
    password: 'correct horse battery',
    // The registration form's tick: the server records it (docs/decisions/106-the-terms-agreed-at-registration.md).
    agreeTerms: true as const,
    ...overrides,
  };
}

/** Registers a new user through the API and returns a signed-in client. */
export async function signedInUser(app: FastifyInstance, overrides: Parameters<typeof newUser>[0] = {}) {
  const user = newUser(overrides);
  const c = client(app);
  const res = await c.post('/api/register', user);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...user, client: c, id: res.json().id as number };
}

/**
 * A trial begun as the subscribe page begins it, and its card typed and confirmed at Stripe (the
 * trial's SetupIntent), each event delivered: the trial, and the access, have started (docs/decisions/063-a-trial-starts-with-its-card.md).
 */
export async function subscribeWithCard(
  s: StripeTestApp,
  u: { client: ReturnType<typeof client> },
  planId: 'pro' | 'clinic' = 'pro',
) {
  const res = await u.client.post('/api/create-subscription', { planId });
  if (res.statusCode !== 200) throw new Error(`create-subscription failed: ${res.statusCode} ${res.body}`);
  const started = res.json() as { clientSecret: string; intent: 'setup'; trialEndsAt: string };
  await s.deliverAll(s.fake.confirmSetupIntent(started.clientSecret.split('_secret_')[0]!));
  return started;
}

/** The Set-Cookie header line for one cookie name ('' when absent). */
export function setCookieHeader(res: LightMyRequestResponse, name: string): string {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return lines.find((l) => l.startsWith(`${name}=`)) ?? '';
}
