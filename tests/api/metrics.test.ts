/**
 * GET /metrics as a Prometheus scraper meets it (only with METRICS_TOKEN, and only for its bearer), and
 * the counters an operator watches moving with what happens: sign-ins, webhooks, mail, Stripe, rate
 * limits, and requests by route pattern (never a raw URL). Also the request log: one JSON line per
 * request, with its id, route, status and time, and no credential in any line.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { client, createTestApp, signedInUser, stripeApp } from '../support/app';
import { startSmtpCatcher } from '../support/smtp';
import { enrolTotp } from '../support/two-factor';

const TOKEN = 'scraper-token-0123456789abcdef';
const lines: string[] = [];
const smtp = await startSmtpCatcher();
const t = await stripeApp(
  { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', SMTP_URL: smtp.url, FORM_RATE_LIMIT: '2' },
  { logStream: { write: (line) => lines.push(line) } },
);
afterAll(() => smtp.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments skipped). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(app = t.app): Promise<{ text: string; samples: Sample[] }> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.body, samples: parse(res.body) };
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
async function value(name: string, labels: Record<string, string> = {}, app = t.app): Promise<number> {
  const { samples } = await scrape(app);
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** Runs `action` and answers by how much the sample moved meanwhile. */
async function change(name: string, labels: Record<string, string>, action: () => Promise<unknown>) {
  const before = await value(name, labels);
  await action();
  return (await value(name, labels)) - before;
}

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN configured, /metrics does not exist: 404, whatever is sent', async () => {
    const plain = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found: GET /metrics' });
      }
    } finally {
      await plain.close();
    }
  });

  it('with it: 401 without the bearer token or with a wrong one, a session being no substitute', async () => {
    const user = await signedInUser(t.app);
    const attempts = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    ];
    for (const headers of attempts) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers,
        cookies: { cn_session: user.client.jar.get('cn_session')! },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('chairnotes_');
    }
  });

  it('with the token: Prometheus text, the runtime figures (event-loop lag) among ours', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const names = new Set(parse(res.body).map((s) => s.name));
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ])
      expect(names, name).toContain(name);
    expect(res.body).toContain('# TYPE chairnotes_http_request_duration_seconds histogram');
  });

  it("has the database pool's figures on PostgreSQL, and none on the embedded database", {
    tags: ['database-differences'],
  }, async () => {
    const names = new Set((await scrape()).samples.map((s) => s.name));
    const pool = [
      'chairnotes_db_pool_connections',
      'chairnotes_db_pool_idle_connections',
      'chairnotes_db_pool_waiting_queries',
    ];
    if (t.database.kind === 'postgres') {
      for (const name of pool) expect(names, name).toContain(name);
      expect(await value('chairnotes_db_pool_connections')).toBeGreaterThan(0);
    } else for (const name of pool) expect(names, name).not.toContain(name);
  });
});

describe('requests, by route pattern', () => {
  it('an id or a token in the URL never reaches a label: the pattern does', async () => {
    const id = 987_654_321;
    const token = `tok${randomUUID().replaceAll('-', '')}`;
    const nowhere = `/api/nothing-here-${randomUUID()}`;
    const requests = {
      admin: () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${id}/end-sessions`,
          headers: { origin: 'http://localhost:5000' },
        }),
      unsubscribe: () => t.app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${token}` }),
      missing: () => t.app.inject({ method: 'GET', url: nowhere }),
    };
    const moved = {
      admin: await change(
        'chairnotes_http_requests_total',
        { method: 'POST', route: '/api/admin/users/:id/end-sessions', status_code: '401' },
        requests.admin,
      ),
      unsubscribe: await change(
        'chairnotes_http_requests_total',
        { method: 'GET', route: '/api/newsletter/unsubscribe', status_code: '303' },
        requests.unsubscribe,
      ),
      missing: await change(
        'chairnotes_http_requests_total',
        { method: 'GET', route: 'unmatched', status_code: '404' },
        requests.missing,
      ),
    };
    expect(moved).toEqual({ admin: 1, unsubscribe: 1, missing: 1 });
    const { text, samples } = await scrape();
    for (const secret of [String(id), token, nowhere]) expect(text).not.toContain(secret);
    const latency = samples.find(
      (s) =>
        s.name === 'chairnotes_http_request_duration_seconds_count' &&
        s.labels.route === '/api/admin/users/:id/end-sessions',
    );
    expect(latency?.value).toBeGreaterThanOrEqual(1);
  });
});

describe('what an operator watches', () => {
  it('sign-ins: failures and successes, by method (password, second factor, passkey)', async () => {
    const user = await signedInUser(t.app);
    const signIns = (method: string, outcome: string) =>
      value('chairnotes_sign_ins_total', { kind: 'user', method, outcome });
    const before = {
      passwordFailure: await signIns('password', 'failure'),
      passwordSuccess: await signIns('password', 'success'),
      codeFailure: await signIns('second_factor', 'failure'),
      codeSuccess: await signIns('second_factor', 'success'),
      passkeyFailure: await signIns('passkey', 'failure'),
    };
    const c = client(t.app);
    expect(
      (await c.post('/api/login', { username: user.username, password: 'not the password' })).statusCode,
    ).toBe(401);
    expect(
      (await c.post('/api/login', { username: user.username, password: user.password })).statusCode,
    ).toBe(200);
    // With an authenticator app on: the password, then a wrong code, then the right one.
    const totp = await enrolTotp(user.client, '/api/user');
    const second = client(t.app);
    const step = await second.post('/api/login', { username: user.username, password: user.password });
    expect(step.json()).toMatchObject({ twoFactorRequired: true });
    expect((await second.post('/api/login/2fa', { code: '000000' })).statusCode).toBe(401);
    expect((await second.post('/api/login/2fa', { code: await totp.code() })).statusCode).toBe(200);
    // A passkey answer no options were asked for.
    const made = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {} };
    const passkey = await client(t.app).post('/api/login/passkey', {
      response: {
        ...made,
        response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    });
    expect(passkey.statusCode).toBe(400);

    expect({
      passwordFailure: (await signIns('password', 'failure')) - before.passwordFailure,
      passwordSuccess: (await signIns('password', 'success')) - before.passwordSuccess,
      codeFailure: (await signIns('second_factor', 'failure')) - before.codeFailure,
      codeSuccess: (await signIns('second_factor', 'success')) - before.codeSuccess,
      passkeyFailure: (await signIns('passkey', 'failure')) - before.passkeyFailure,
    }).toEqual({ passwordFailure: 1, passwordSuccess: 1, codeFailure: 1, codeSuccess: 1, passkeyFailure: 1 });
  });

  it('webhook events by type and outcome: accepted, processed, a redelivery, a forged one', async () => {
    const event = {
      id: `evt_metrics_${randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    } as unknown as Stripe.Event;
    const received = (outcome: string, type = 'charge.refunded') =>
      value('chairnotes_stripe_webhook_events_received_total', { type, outcome });
    const before = {
      accepted: await received('accepted'),
      duplicate: await received('duplicate'),
      forged: await received('bad_signature', 'unknown'),
      processed: await value('chairnotes_stripe_webhook_events_processed_total', {
        type: 'charge.refunded',
        outcome: 'processed',
      }),
    };
    expect((await t.deliver(event)).statusCode).toBe(200);
    expect((await t.deliver(event)).statusCode).toBe(200);
    expect((await t.send(event, 'whsec_not_stripes')).statusCode).toBe(400);
    expect({
      accepted: (await received('accepted')) - before.accepted,
      duplicate: (await received('duplicate')) - before.duplicate,
      forged: (await received('bad_signature', 'unknown')) - before.forged,
      processed:
        (await value('chairnotes_stripe_webhook_events_processed_total', {
          type: 'charge.refunded',
          outcome: 'processed',
        })) - before.processed,
    }).toEqual({ accepted: 1, duplicate: 1, forged: 1, processed: 1 });
  });

  /** The outbox sends after the request has answered, on its own turn: seconds on a busy machine. */
  const OUTBOX_WAIT = 15_000;

  it('mails sent, and a mail SMTP refused counted as failed', async () => {
    // Apps of their own (each has its own registry), so only this test's mails count: the shared app's
    // outbox may still be sending the earlier tests' mails while this one reads its counter.
    const own = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url });
    try {
      const user = await signedInUser(own.app); // a verification mail
      await smtp.waitFor(user.email);
      await vi.waitFor(
        async () => expect(await value('chairnotes_mails_total', { outcome: 'sent' }, own.app)).toBe(1),
        { timeout: OUTBOX_WAIT },
      );
    } finally {
      await own.close();
    }

    // The same, its SMTP server gone: the mail stays in the outbox, counted as failed.
    const lost = await startSmtpCatcher();
    const offline = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: lost.url });
    await lost.close();
    try {
      await signedInUser(offline.app);
      await vi.waitFor(
        async () => expect(await value('chairnotes_mails_total', { outcome: 'failed' }, offline.app)).toBe(1),
        { timeout: OUTBOX_WAIT },
      );
    } finally {
      await offline.close();
    }
    // Two apps of its own, each migrating a fresh database: on a busy machine that alone took 20 s.
  }, 90_000);

  it('Stripe requests timed by path pattern, and a failure counted with its status', async () => {
    const user = await signedInUser(t.app);
    t.fake.failNext('POST', '/v1/subscriptions', { status: 500 });
    const failures = await value('chairnotes_stripe_request_failures_total', {
      method: 'POST',
      path: '/v1/subscriptions',
      reason: '500',
    });
    const failed = await user.client.post('/api/create-subscription', { planId: 'pro' });
    expect(failed.statusCode).toBe(502);
    expect(
      (await value('chairnotes_stripe_request_failures_total', {
        method: 'POST',
        path: '/v1/subscriptions',
        reason: '500',
      })) - failures,
    ).toBe(1);
    expect((await user.client.post('/api/create-subscription', { planId: 'pro' })).statusCode).toBe(200);
    const { text, samples } = await scrape();
    const timed = samples.filter((s) => s.name === 'chairnotes_stripe_request_duration_seconds_count');
    expect(
      timed.find((s) => s.labels.path === '/v1/subscriptions' && s.labels.status === '200')?.value,
    ).toBeGreaterThan(0);
    // The customer's own path, by pattern: no Stripe id reaches a label.
    expect(timed.map((s) => s.labels.path).join(' ')).not.toMatch(/(cus|sub|pi|seti|price)_/);
    expect(text).not.toMatch(/path="[^"]*(cus|sub)_/);
  });

  it('rate-limit refusals, by the limit that refused', async () => {
    const refusals = await value('chairnotes_rate_limit_refusals_total', { limit: 'form' });
    const visitor = client(t.app, '203.0.113.9');
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await visitor.post('/api/newsletter', { email: `limit${i}@example.com` })).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    expect((await value('chairnotes_rate_limit_refusals_total', { limit: 'form' })) - refusals).toBe(1);
  });

  it("sign-ins refused while an account's own throttle holds it count as that limit's refusals", async () => {
    const user = await signedInUser(t.app);
    const held = await value('chairnotes_rate_limit_refusals_total', { limit: 'sign_in_account' });
    const statuses = [];
    // Each from another address, so only the per-account throttle can refuse them.
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await client(t.app, `198.51.100.${i + 1}`).post('/api/login', {
            username: user.username,
            password: 'wrong',
          })
        ).statusCode,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await value('chairnotes_rate_limit_refusals_total', { limit: 'sign_in_account' })) - held).toBe(
      1,
    );
  });
});

describe('the request log', () => {
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('one JSON line per request, with what docs/deploy.md promises and no credential', async () => {
    const user = await signedInUser(t.app);
    const session = user.client.jar.get('cn_session')!;
    const idToken = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user?token=reset-s3cret&id_token_hint=${idToken}&code=auth-c0de&view=full`,
      cookies: { cn_session: session },
      headers: { authorization: `Bearer ${TOKEN}`, 'stripe-signature': 't=1,v1=feedface' },
    });
    expect(res.statusCode).toBe(200);
    const reqId = res.headers['x-request-id'];
    const mine = entries().filter((e) => e.reqId === reqId);
    // No separate 'incoming request' line: the one line is written once the answer is sent.
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: {
        method: 'GET',
        url: '/api/user?token=[redacted]&id_token_hint=[redacted]&code=[redacted]&view=full',
      },
      route: '/api/user',
      res: { statusCode: 200 },
      userId: user.id,
    });
    expect(typeof mine[0]!.responseTime).toBe('number');
    const line = JSON.stringify(mine[0]);
    for (const secret of [session, 'reset-s3cret', idToken, 'auth-c0de', TOKEN, 'feedface'])
      expect(line).not.toContain(secret);

    // A sign-in's password, the session it opens and the scraper's token are in no line at all.
    await client(t.app).post('/api/login', { username: user.username, password: user.password });
    await scrape();
    const all = lines.join('\n');
    for (const secret of [session, TOKEN, user.password, 'feedface']) expect(all).not.toContain(secret);
  });

  it('a line that carries headers or a body has their credentials redacted', () => {
    lines.length = 0;
    t.app.log.info(
      {
        headers: {
          authorization: 'Bearer s3cret-a',
          cookie: 'cn_session=s3cret-b',
          'stripe-signature': 's3cret-c',
        },
        res: { headers: { 'set-cookie': 'cn_session=s3cret-d' } },
        body: {
          username: 'kept',
          password: 's3cret-e',
          newPassword: 's3cret-f',
          token: 's3cret-g',
          code: '123456',
        },
      },
      'a line with too much in it',
    );
    const [line] = entries();
    expect(JSON.stringify(line)).not.toMatch(/s3cret|123456/);
    expect(line).toMatchObject({
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'stripe-signature': '[redacted]' },
      body: { username: 'kept', password: '[redacted]' },
    });
  });
});
