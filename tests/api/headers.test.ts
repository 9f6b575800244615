/**
 * Response headers that keep a browser safe, beyond what security.test.ts checks on GET /api/health
 * (the CSP's script-src and frame-ancestors, nosniff, Referrer-Policy, a Permissions-Policy,
 * no X-Powered-By, HSTS and Secure user cookies over https): here, that every kind of answer carries
 * them (errors, redirects, refusals, rate limits), that authenticated answers are never cached,
 * and the flags of every cookie we set or clear, user and admin, over http and https.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import { APP_URL, client, createTestApp, newUser, ORIGIN, signedInUser, type TestApp } from '../support/app';
import { enrolTotp } from '../support/two-factor';

const ADMIN = { username: 'headerboss', email: 'headerboss@example.com', password: 'header admin secret' };
let t: TestApp;

async function withAdmin(app: TestApp) {
  await adminsRepo(app.db).upsert({ ...ADMIN, passwordHash: await hashPassword(ADMIN.password) });
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  await withAdmin(t);
});
afterAll(() => t.close());

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}
const cookieLine = (res: LightMyRequestResponse, name: string) =>
  setCookies(res).find((l) => l.startsWith(`${name}=`)) ?? '';
const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
  // Stripe.js and its frames come from Stripe's documented hosts only; nothing else outside us.
  const stripeJs = ['https://js.stripe.com', 'https://*.js.stripe.com'];
  expect(directives['script-src'], `${what}: script-src`).toEqual(["'self'", ...stripeJs]);
  expect(directives['frame-src'], `${what}: frame-src`).toEqual([...stripeJs, 'https://hooks.stripe.com']);
  expect(directives['connect-src'], `${what}: connect-src`).toEqual(["'self'", 'https://api.stripe.com']);
  expect(directives['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives['object-src'], `${what}: object-src`).toEqual(["'none'"]);
  // No <base> at all: an injected one could not redirect the app's relative URLs.
  expect(directives['base-uri'], `${what}: base-uri`).toEqual(["'none'"]);
  expect(directives['form-action'], `${what}: form-action`).toEqual(["'self'"]);
  expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const permissions = Object.fromEntries(
    String(res.headers['permissions-policy'] ?? '')
      .split(',')
      .map((p) => p.trim().split('=') as [string, string]),
  );
  for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'serial', 'hid', 'display-capture'])
    expect(permissions[feature], `${what}: ${feature}`).toBe('()');
  // Wallets (Apple Pay, Google Pay) in the Payment Element use the Payment Request API in Stripe's frame.
  expect(permissions.payment, what).toBe('(self "https://js.stripe.com" "https://*.js.stripe.com")');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

describe('security headers on every kind of answer', () => {
  it('successes, refusals, errors and redirects all carry them', async () => {
    const u = await signedInUser(t.app);
    const json = { ...ORIGIN, 'content-type': 'application/json' };
    const answers: [string, LightMyRequestResponse, number][] = [
      ['GET 200', await u.client.get('/api/user'), 200],
      ['POST 201', await client(t.app).post('/api/register', newUser()), 201],
      ['400 from the schema', await client(t.app).post('/api/login', { username: '' }), 400],
      ['401', await client(t.app).get('/api/user'), 401],
      ['403 cross-origin', await t.app.inject({ method: 'POST', url: '/api/logout' }), 403],
      ['404', await t.app.inject({ method: 'GET', url: '/api/nope' }), 404],
      [
        '413',
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: json,
          payload: JSON.stringify({ username: 'x'.repeat(70_000) }),
        }),
        413,
      ],
      [
        '415',
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { ...ORIGIN, 'content-type': 'text/plain' },
          payload: 'x',
        }),
        415,
      ],
      ['400 from the router', await t.app.inject({ method: 'GET', url: '/api/user/passkeys/%ZZ' }), 400],
      [
        '303 redirect',
        await t.app.inject({ method: 'GET', url: '/api/newsletter/unsubscribe?token=x' }),
        303,
      ],
    ];
    for (const [what, res, status] of answers) {
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  it('a route that throws: a 500 of {message} naming the request id, with every header', async () => {
    const failing = await createTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/api/test-only/throws', async () => {
            throw new Error('secret detail of the failure');
          }),
      },
    );
    try {
      const res = await failing.app.inject({ method: 'GET', url: '/api/test-only/throws' });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const requestId = String(res.headers['x-request-id']);
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      // The person can quote the id; the cause stays in the log.
      expect(res.json()).toEqual({ message: `Something went wrong on our side. (request ${requestId})` });
      expectSecurityHeaders(res, '500 thrown in a route');
    } finally {
      await failing.close();
    }
  });

  it('a rate-limited answer carries them too', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '1' });
    try {
      const c = client(limited.app, '192.0.2.80');
      await c.post('/api/login', { username: 'someone', password: 'guess one' });
      const res = await c.post('/api/login', { username: 'someone', password: 'guess two' });
      expect(res.statusCode).toBe(429);
      expectSecurityHeaders(res, '429');
    } finally {
      await limited.close();
    }
  });

  it('over https the CSP also upgrades insecure requests', async () => {
    const secure = await createTestApp({ APP_URL: 'https://app.chairnotes.co.uk' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expectSecurityHeaders(res, 'https health');
    } finally {
      await secure.close();
    }
  });
});

describe('caching', () => {
  it('authenticated answers, and the refusals of them, are never stored', async () => {
    const u = await signedInUser(t.app);
    // An admin of its own: it enrols TOTP here, and the cookie tests below sign ADMIN in by password alone.
    const own = { ...ADMIN, username: 'cacheboss', email: 'cacheboss@example.com' };
    await adminsRepo(t.db).upsert({ ...own, passwordHash: await hashPassword(own.password) });
    const admin = client(t.app);
    expect((await admin.post('/api/admin/login', own)).statusCode).toBe(200);
    const beforeEnrolment = await admin.get('/api/admin/users');
    await enrolTotp(admin, '/api/admin');
    const answers: [string, LightMyRequestResponse, number][] = [
      ['GET /api/admin/users before enrolment', beforeEnrolment, 403],
      ['GET /api/user', await u.client.get('/api/user'), 200],
      ['GET /api/user/export', await u.client.get('/api/user/export'), 200],
      ['GET /api/subscription', await u.client.get('/api/subscription'), 200],
      ['GET /api/referrals/code', await u.client.get('/api/referrals/code'), 200],
      [
        'POST /api/login',
        await client(t.app).post('/api/login', { username: u.username, password: u.password }),
        200,
      ],
      ['GET /api/admin/users', await admin.get('/api/admin/users'), 200],
      ['GET /api/admin/stats', await admin.get('/api/admin/stats'), 200],
      ['GET /api/user signed out', await client(t.app).get('/api/user'), 401],
      ['GET /api/admin/users as a user', await u.client.get('/api/admin/users'), 401],
    ];
    for (const [what, res, status] of answers) {
      expect(res.statusCode, what).toBe(status);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });
});

describe('cookie flags', () => {
  const SESSION = ['cn_session', 'cn_admin_session', '__Host-cn_session', '__Host-cn_admin_session'];

  function expectFlags(res: LightMyRequestResponse, name: string, secure: boolean) {
    const line = cookieLine(res, name);
    expect(line, `${name} was not set`).not.toBe('');
    const attrs = attributes(line);
    expect(attrs, name).toContain('path=/');
    expect(attrs, name).toContain('samesite=lax');
    // The session cookie is out of JavaScript's reach; its marker only says "signed in" and is readable.
    if (SESSION.includes(name)) expect(attrs, name).toContain('httponly');
    else expect(attrs, name).not.toContain('httponly');
    if (secure) expect(attrs, name).toContain('secure');
    else expect(attrs, name).not.toContain('secure');
    expect(
      attrs.some((a) => a.startsWith('domain=')),
      `${name} must stay on our host`,
    ).toBe(false);
  }

  async function signInAndOut(app: TestApp, origin: string) {
    const headers = { origin };
    // Over https the session cookies are __Host- prefixed.
    const prefix = origin.startsWith('https:') ? '__Host-' : '';
    const user = newUser();
    const registered = await app.app.inject({ method: 'POST', url: '/api/register', headers, payload: user });
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/login',
      headers,
      payload: { username: user.username, password: user.password },
    });
    const logout = await app.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers,
      cookies: {
        [`${prefix}cn_session`]: cookieLine(login, `${prefix}cn_session`).split(';')[0]!.split('=')[1]!,
      },
    });
    const adminLogin = await app.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers,
      payload: ADMIN,
    });
    const adminLogout = await app.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers,
      cookies: {
        [`${prefix}cn_admin_session`]: cookieLine(adminLogin, `${prefix}cn_admin_session`)
          .split(';')[0]!
          .split('=')[1]!,
      },
    });
    for (const [what, res] of Object.entries({ registered, login, logout, adminLogin, adminLogout }))
      expect(res.statusCode, what).toBeLessThan(300);
    return { registered, login, logout, adminLogin, adminLogout };
  }

  it('over http: HttpOnly session cookies, SameSite=Lax, Path=/, and not Secure (the browser would drop them)', async () => {
    const r = await signInAndOut(t, APP_URL);
    for (const res of [r.registered, r.login]) {
      expectFlags(res, 'cn_session', false);
      expectFlags(res, 'cn_signed_in', false);
    }
    expectFlags(r.adminLogin, 'cn_admin_session', false);
    expectFlags(r.adminLogin, 'cn_admin_signed_in', false);
    // Signing out clears each cookie with the same flags, so the browser replaces the one it has.
    for (const name of ['cn_session', 'cn_signed_in']) {
      expectFlags(r.logout, name, false);
      expect(cookieLine(r.logout, name)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    }
    for (const name of ['cn_admin_session', 'cn_admin_signed_in']) {
      expectFlags(r.adminLogout, name, false);
      expect(cookieLine(r.adminLogout, name)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    }
  });

  it('over https: every cookie we set or clear, user and admin, is Secure as well, the session ones __Host-', async () => {
    const origin = 'https://app.chairnotes.co.uk';
    const secure = await createTestApp({ APP_URL: origin });
    try {
      await withAdmin(secure);
      const r = await signInAndOut(secure, origin);
      for (const res of [r.registered, r.login, r.logout]) {
        expectFlags(res, '__Host-cn_session', true);
        expectFlags(res, 'cn_signed_in', true);
        expect(cookieLine(res, 'cn_session'), 'no unprefixed session cookie').toBe('');
      }
      for (const res of [r.adminLogin, r.adminLogout]) {
        expectFlags(res, '__Host-cn_admin_session', true);
        expectFlags(res, 'cn_admin_signed_in', true);
      }
      // Set with Max-Age (the session's remaining life), as well as Expires.
      expect(cookieLine(r.login, '__Host-cn_session')).toMatch(/Max-Age=2592000/);
      expect(cookieLine(r.adminLogin, '__Host-cn_admin_session')).toMatch(/Max-Age=1800/);
    } finally {
      await secure.close();
    }
  });

  it('the session token travels only in its cookie, never in a body', async () => {
    const user = newUser();
    const res = await client(t.app).post('/api/register', user);
    const token = cookieLine(res, 'cn_session').split(';')[0]!.split('=')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(res.body).not.toContain(token);
    const c = client(t.app);
    const login = await c.post('/api/login', { username: user.username, password: user.password });
    const fresh = c.jar.get('cn_session')!;
    expect(fresh).not.toBe(token);
    expect(login.body).not.toContain(fresh);
    expect((await c.get('/api/user')).body).not.toContain(fresh);
    expect((await c.get('/api/user/export')).body).not.toContain(fresh);
  });
});
