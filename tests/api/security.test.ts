import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestApp,
  newUser,
  ORIGIN,
  setCookieHeader,
  signedInUser,
  type TestApp,
} from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '10' });
});
afterAll(() => t.close());

describe('cross-site request defences', () => {
  it.each([
    ['no Origin', {}],
    ['another site', { origin: 'https://evil.example' }],
    ['a look-alike port', { origin: 'http://localhost:5001' }],
  ])('refuses a write from %s with 403 and changes nothing', async (_name, headers) => {
    const user = newUser();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', headers, payload: user });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
    const login = await client(t.app).post('/api/login', {
      username: user.username,
      password: user.password,
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a body that is not JSON with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...ORIGIN, 'content-type': type },
        payload: 'username=a&password=b',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toMatch(/application\/json/);
    }
  });

  it('answers malformed JSON with 400 and a message, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows Stripe.js and nothing inline, and forbids framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds HSTS and Secure cookies when the app is served over https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://app.chairnotes.co.uk' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'https://app.chairnotes.co.uk' },
        payload: newUser(),
      });
      expect(res.statusCode).toBe(201);
      expect(setCookieHeader(res, '__Host-cn_session')).toContain('Secure');
      expect(setCookieHeader(res, 'cn_signed_in')).toContain('Secure');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('rate limits', () => {
  it('refuses the 11th failed login from one address within 10 minutes with 429', async () => {
    const c = client(t.app, '192.0.2.11');
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/api/login', { username: 'someone', password: `guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await c.post('/api/login', { username: 'someone', password: 'guess-11' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    // Another address is not affected (another name: 'someone' is now held by the per-account throttle).
    const other = await client(t.app, '192.0.2.12').post('/api/login', {
      username: 'someone else',
      password: 'x',
    });
    expect(other.statusCode).toBe(401);
  });

  it('refuses the 11th sign-up from one address within 10 minutes with 429, before storing anything', async () => {
    const c = client(t.app, '192.0.2.31');
    for (let i = 0; i < 10; i++) expect((await c.post('/api/register', newUser())).statusCode).toBe(201);
    const eleventh = newUser();
    const blocked = await c.post('/api/register', eleventh);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    const stored = await t.db.execute(sql`select 1 from users where username = ${eleventh.username}`);
    expect(stored.rows).toHaveLength(0);
    expect((await client(t.app, '192.0.2.32').post('/api/register', newUser())).statusCode).toBe(201);
  });

  it('limits password-reset requests per address', async () => {
    const c = client(t.app, '192.0.2.21');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await c.post('/api/password-reset/request', { email: `x${i}@example.com` })).statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('user and admin sessions are separate', () => {
  it('a user cookie does not open admin routes', async () => {
    const { client: c } = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { cn_admin_session: c.jar.get('cn_session')!, cn_session: c.jar.get('cn_session')! },
    });
    expect(res.statusCode).toBe(401);
  });
});
