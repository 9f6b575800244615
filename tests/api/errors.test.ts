/**
 * What the error handler keeps for whoever reads the log: every 5xx answer, an HttpError written for
 * the person included, is logged under the request's id with the error that caused it. And a failure
 * that is ours (the database's) inside a Stripe flow is not blamed on the payment provider. And every
 * error body, Fastify's own refusals included, is `{message}` with the status that names the problem.
 */
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { APP_URL, signedInUser, TEST_SECRETS_KEY } from '../support/app';
import { createTestDatabase } from '../support/db';
import { startFakeStripe } from '../support/fake-stripe';

type LogLine = { reqId?: string; msg?: string; err?: { type: string; message: string; stack: string } };

const fake = await startFakeStripe();
const database = await createTestDatabase();
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    SECRETS_KEY: TEST_SECRETS_KEY,
    LOG_LEVEL: 'error',
    APP_URL,
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_API_URL: fake.url,
  }),
  database,
});
await app.ready();
// The log's lines, as they would reach stdout: each request's logger inherits the app logger's stream.
const lines: LogLine[] = [];
const stream = Object.getOwnPropertySymbols(app.log).find((s) => s.description === 'pino.stream');
if (!stream) throw new Error("pino's stream symbol not found on the app's logger");
(app.log as unknown as Record<symbol, unknown>)[stream] = {
  write: (line: string) => lines.push(JSON.parse(line)),
};
afterAll(async () => {
  await app.close();
  await database.drop();
  await fake.close();
});

const logOf = (res: { headers: Record<string, unknown> }) =>
  lines.find((l) => l.reqId === res.headers['x-request-id']);

describe('5xx answers in the log', () => {
  it('a Stripe failure: 502 for the person, and the log has Stripe’s error as the cause, under the request id', async () => {
    const u = await signedInUser(app);
    fake.failNext('POST', '/v1/customers', { status: 500 });
    const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Our payment provider did not respond/);
    const line = logOf(res);
    expect(line, 'the 502 was not logged under its request id').toBeDefined();
    expect(line?.err?.type).toBe('HttpError');
    // pino writes the causes into the stack: here the SDK's error, made from the fake's answer.
    expect(line?.err?.stack).toMatch(/\ncaused by: Error: Injected failure \(fake Stripe\)/);
  });

  it('the database failing inside a Stripe flow: a 500 of ours, not a payment-provider failure', async () => {
    const u = await signedInUser(app);
    await database.db.execute(sql`
      create function refuse_customer() returns trigger language plpgsql as
        $$ begin raise exception 'refused by the test'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_customer before update of stripe_customer_id on users
        for each row execute function refuse_customer()`);
    try {
      const res = await u.client.post('/api/create-subscription', { planId: 'pro' });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe(
        `Something went wrong on our side. (request ${res.headers['x-request-id']})`,
      );
      expect(logOf(res)?.err?.message).toMatch(/refused by the test/);
    } finally {
      await database.db.execute(sql`drop trigger refuse_customer on users`);
      await database.db.execute(sql`drop function refuse_customer()`);
    }
  });
});

describe("Fastify's own refusals answer {message}, like every other error", () => {
  const json = { 'content-type': 'application/json', origin: APP_URL };
  it.each([
    ['a URL that does not decode', { method: 'GET', url: '/api/user/passkeys/%ZZ' }, 400],
    [
      'a path parameter longer than the router takes',
      { method: 'PATCH', url: `/api/user/passkeys/${'x'.repeat(200)}` },
      414,
    ],
    ['an unknown API route', { method: 'GET', url: '/api/no-such-thing' }, 404],
    [
      'a method the route does not have',
      { method: 'PUT', url: '/api/login', headers: { origin: APP_URL } },
      404,
    ],
    ['a method no route has', { method: 'PROPFIND', url: '/api/user' }, 404],
    [
      'a body that is not JSON',
      { method: 'POST', url: '/api/login', headers: json, payload: '{"username":' },
      400,
    ],
    ['an empty JSON body', { method: 'POST', url: '/api/login', headers: json, payload: '' }, 400],
    [
      'a body of another type',
      { method: 'POST', url: '/api/login', headers: { ...json, 'content-type': 'text/plain' }, payload: 'x' },
      415,
    ],
    [
      'a body too large',
      {
        method: 'POST',
        url: '/api/login',
        headers: json,
        payload: JSON.stringify({ x: 'x'.repeat(70_000) }),
      },
      413,
    ],
  ] as const)('%s: %i {message}', async (_what, request, status) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toEqual(expect.any(String));
  });

  describe('what Node refuses before Fastify sees a request', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
    });
    /** Writes `raw` on a connection of its own; resolves with all the server wrote back before it closed. */
    const exchange = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(raw));
        socket.setEncoding('utf8');
        socket.on('data', (d) => (answer += d));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const parse = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) };
    };

    it.each([
      ['a request line that is not HTTP', 'NOT HTTP AT ALL\r\n\r\n', 400],
      [
        'headers larger than Node takes',
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
      ],
    ])('%s: {message}', async (_what, raw, status) => {
      const answer = parse(await exchange(raw));
      expect(answer.status).toBe(status);
      expect(answer.head).toMatch(/\r\ncontent-type: application\/json/i);
      expect(Object.keys(answer.body)).toEqual(['message']);
    });
  });
});
