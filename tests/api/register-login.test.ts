import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../../src/shared/brand';
import { client, createTestApp, newUser, setCookieHeader, signedInUser, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/register', () => {
  it('creates the user with the product defaults, signs them in, and never returns secrets', async () => {
    const c = client(t.app);
    const input = newUser({ email: 'New.Dentist@Example.CO.UK' });
    const res = await c.post('/api/register', input);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: input.username,
      email: 'new.dentist@example.co.uk',
      plan: 'free',
      subscriptionStatus: 'inactive',
      hasDiscount: false,
      role: 'user',
      referralCredits: 0,
      loginCount: 1,
      consecutiveLogins: 1,
    });
    expect(user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    for (const secret of ['password', 'stripeCustomerId', 'stripeSubscriptionId', 'lastLoginIp']) {
      expect(user).not.toHaveProperty(secret);
    }
    expect(res.body).not.toContain('argon2');

    const cookie = setCookieHeader(res, 'cn_session');
    expect(cookie).toMatch(/^cn_session=[A-Za-z0-9_-]{27};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    // The readable marker says a session exists and nothing more.
    const marker = setCookieHeader(res, 'cn_signed_in');
    expect(marker).toMatch(/^cn_signed_in=1;/);
    expect(marker).not.toContain('HttpOnly');

    const me = await c.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(input.username);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('stores only an argon2id hash with the OWASP parameters, and only the SHA-256 of the session token', async () => {
    const { username, client: c } = await signedInUser(t.app);
    const rows = await t.db.execute<{ password: string }>(
      sql`select password from users where username = ${username}`,
    );
    expect(rows.rows[0]?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const token = c.jar.get('cn_session')!;
    const sessions = await t.db.execute<{ id: string }>(sql`select id from user_sessions`);
    expect(sessions.rows.map((r) => r.id)).not.toContain(token);
    expect(sessions.rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it('records that the person agreed to the terms and privacy policy, their version and when; refuses without', async () => {
    for (const agreeTerms of [undefined, false, 'yes']) {
      const { agreeTerms: _, ...rest } = newUser();
      const res = await client(t.app).post('/api/register', { ...rest, agreeTerms });
      expect(res.statusCode, String(agreeTerms)).toBe(400);
      expect(res.json()).toEqual({ message: 'agreeTerms: You must agree to the terms and conditions' });
    }
    const before = Date.now();
    const u = await signedInUser(t.app);
    const [row] = (
      await t.db.execute<{ terms_version: string; terms_accepted_at: string }>(
        sql`select terms_version, terms_accepted_at from users where id = ${u.id}`,
      )
    ).rows;
    expect(row?.terms_version).toBe(TERMS_VERSION);
    expect(new Date(row!.terms_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The person's own copy of their data says it too.
    const data = (await u.client.get('/api/user/export')).json();
    expect(data.account.termsAccepted).toEqual({ version: TERMS_VERSION, at: expect.any(String) });
  });

  it('gives every user a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await client(t.app).post('/api/register', newUser());
      codes.add(res.json().referralCode);
    }
    expect(codes.size).toBe(5);
  });

  it.each([
    [{ username: 'ab' }, 'username: Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'email: Please enter a valid email address'],
    [{ password: 'short' }, 'password: Password must be at least 8 characters'],
    [{ username: undefined }, 'username: Required'],
    [{ username: 42 }, 'username: Must be text'],
  ])('refuses %o with 400 naming the field', async (override, message) => {
    const res = await client(t.app).post('/api/register', { ...newUser(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('answers 409 naming the username when it is taken, whatever its case', async () => {
    const first = await signedInUser(t.app);
    const res = await client(t.app).post(
      '/api/register',
      newUser({ username: first.username.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists' });
  });

  it('answers 409 naming the email when it is taken', async () => {
    const first = await signedInUser(t.app);
    const res = await client(t.app).post('/api/register', newUser({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already registered' });
  });

  it('lets exactly one of ten simultaneous registrations of one username win; the rest get 409', {
    tags: ['database-differences'],
  }, async () => {
    const username = `race${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client(t.app).post(
          '/api/register',
          newUser({ username, email: `race${i}.${Date.now()}@example.com` }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
  });

  it('ignores fields it does not know, such as a role', async () => {
    const res = await client(t.app).post('/api/register', { ...newUser(), role: 'admin', plan: 'clinic' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'user', plan: 'free' });
  });
});

describe('POST /api/login', () => {
  it('signs in with the username (any case) or the email, and records the login', async () => {
    const u = await signedInUser(t.app);
    const c = client(t.app, '10.0.0.7');
    const res = await c.post('/api/login', { username: u.username.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: u.username,
      loginCount: 2,
      consecutiveLogins: 1,
      plan: 'free',
    });
    const rows = await t.db.execute<{ last_login_ip: string }>(
      sql`select last_login_ip from users where id = ${u.id}`,
    );
    expect(rows.rows[0]?.last_login_ip).toBe('10.0.0.7');

    const byEmail = await client(t.app).post('/api/login', { username: u.email, password: u.password });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().loginCount).toBe(3);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const u = await signedInUser(t.app);
    const wrong = await client(t.app).post('/api/login', {
      username: u.username,
      password: 'wrong password',
    });
    const unknown = await client(t.app).post('/api/login', {
      username: 'nobody-here',
      password: 'wrong password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('takes an email longer than a username may be, in any case, in the username field', async () => {
    // Before: 'username: Username must be at most 32 characters' for most real addresses.
    const u = await signedInUser(t.app, { email: `dr.${Date.now()}.long-surname@a-dental-practice.co.uk` });
    expect(u.email.length).toBeGreaterThan(32);
    const res = await client(t.app).post('/api/login', {
      username: `  ${u.email.toUpperCase()} `,
      password: u.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: u.username, email: u.email });
  });

  it('answers a wrong password on an email and an unknown email the same way', async () => {
    const u = await signedInUser(t.app, { email: `dr.${Date.now()}.someone-long@a-dental-practice.co.uk` });
    const wrong = await client(t.app).post('/api/login', { username: u.email, password: 'wrong password' });
    const unknown = await client(t.app).post('/api/login', {
      username: `nobody.${Date.now()}.at-all@a-dental-practice.co.uk`,
      password: 'wrong password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('still caps what is typed, at the length of an email address', async () => {
    const res = await client(t.app).post('/api/login', {
      username: `${'a'.repeat(250)}@x.uk`,
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'username: Username or email must be at most 254 characters' });
  });

  it('refuses empty fields with the product messages', async () => {
    const res = await client(t.app).post('/api/login', { username: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'username: Username is required' });
    const res2 = await client(t.app).post('/api/login', { username: 'someone', password: '' });
    expect(res2.json()).toEqual({ message: 'password: Password is required' });
  });

  it('issues a new session token at each login, so a planted token is worthless', async () => {
    const u = await signedInUser(t.app);
    const c = u.client;
    const before = c.jar.get('cn_session');
    const res = await c.post('/api/login', { username: u.username, password: u.password });
    expect(res.statusCode).toBe(200);
    const after = c.jar.get('cn_session');
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    const stale = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { cn_session: before! } });
    expect(stale.statusCode).toBe(401);
  });
});

describe('session lifecycle', () => {
  it('GET /api/user answers 401 when signed out, and for a made-up token', async () => {
    expect((await client(t.app).get('/api/user')).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { cn_session: 'A'.repeat(27) },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('logout ends the session on the server, not just the cookie', async () => {
    const { client: c } = await signedInUser(t.app);
    const token = c.jar.get('cn_session')!;
    const res = await c.post('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(setCookieHeader(res, 'cn_session')).toMatch(/^cn_session=;/);
    expect(setCookieHeader(res, 'cn_signed_in')).toMatch(/^cn_signed_in=;/);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { cn_session: token } });
    expect(replay.statusCode).toBe(401);
  });

  it('expires a session after 30 days and renews one used in its second half', async () => {
    const { client: c } = await signedInUser(t.app);
    const token = c.jar.get('cn_session')!;
    await t.db.execute(sql`update user_sessions set expires_at = now() + interval '10 days'`);
    const renewed = await c.get('/api/user');
    expect(renewed.statusCode).toBe(200);
    const cookie = setCookieHeader(renewed, 'cn_session');
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    await t.db.execute(sql`update user_sessions set expires_at = now() - interval '1 second'`);
    const expired = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { cn_session: token } });
    expect(expired.statusCode).toBe(401);
  });
});
