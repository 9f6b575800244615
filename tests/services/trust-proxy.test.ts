/**
 * The login rate limit behind a real reverse proxy (Debian's haproxy with `option forwardfor`, as a
 * load balancer would be): with TRUST_PROXY each client is counted by its own address, and a client's
 * forged X-Forwarded-For changes nothing; without it, every client is the proxy, and they share one limit.
 * Clients come from ten loopback addresses (127.0.0.2 to 127.0.0.11: all of 127/8 is local on Linux).
 */
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_URL, createTestApp } from '../support/app';
import { startHaproxy } from '../support/haproxy';

const LIMIT = 3;
const CLIENTS = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The app listening on a port of its own, behind a haproxy of its own; returns the proxy's port. */
async function appBehindProxy(env: Record<string, string>): Promise<number> {
  const t = await createTestApp({ LOGIN_RATE_LIMIT: String(LIMIT), ...env });
  cleanups.push(() => t.close());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startHaproxy([(t.app.server.address() as { port: number }).port]);
  cleanups.push(proxy.close);
  return proxy.port;
}

/**
 * A failed sign-in from one loopback address, through the proxy; resolves to the status. Each address
 * tries its own name, so that only the per-address limit is measured, not the per-account throttle.
 */
function login(proxyPort: number, from: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ username: `nobody-${from}`, password: 'a wrong guess' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json', origin: APP_URL, ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.1'],
  ['a range holding the proxy', '10.0.0.0/8, 127.0.0.1/32'],
])('with TRUST_PROXY set to %s', (_what, value) => {
  it(`counts ten clients apart, and a forged X-Forwarded-For resets nothing`, async () => {
    const proxy = await appBehindProxy({ TRUST_PROXY: value });
    const last = CLIENTS.at(-1)!;
    // Ten people signing in at once, each failing up to the limit (the last one short by one try).
    for (let round = 0; round < LIMIT; round++) {
      for (const from of CLIENTS) {
        if (from === last && round === LIMIT - 1) continue;
        expect(await login(proxy, from), `${from}, try ${round + 1}`).toBe(401);
      }
    }
    expect(await login(proxy, CLIENTS[0]!)).toBe(429);
    // Whatever the client claims, the proxy adds the address it saw, and that is the one counted:
    // claiming a fresh address does not reset the limit, and claiming another client's spends none of theirs.
    for (const forged of ['203.0.113.9', '203.0.113.9, 198.51.100.1', last, 'garbage']) {
      expect(await login(proxy, CLIENTS[0]!, { 'x-forwarded-for': forged }), forged).toBe(429);
    }
    expect(await login(proxy, last)).toBe(401);
    expect(await login(proxy, last)).toBe(429);
  });
});

describe('without TRUST_PROXY behind a proxy', () => {
  it('every client is the proxy: together they share one limit', async () => {
    const proxy = await appBehindProxy({});
    for (const from of CLIENTS.slice(0, LIMIT)) expect(await login(proxy, from), from).toBe(401);
    expect(await login(proxy, CLIENTS[LIMIT]!)).toBe(429);
  });
});
