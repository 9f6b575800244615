/**
 * Re-authentication before sensitive actions, the admins' enrolment gate, and SECRETS_KEY
 * (docs/architecture.md#safety and docs/architecture.md#identity).
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import { loadConfig } from '../../src/server/config';
import { resolveSecretsKey } from '../../src/server/secrets-key';
import { client, createTestApp, signedInUser } from '../support/app';
import { proofGoesStale, REAUTH } from '../support/recent-auth';
import { routeKey, routeRecorder } from '../support/routes';
import { enrolTotp } from '../support/two-factor';

const { routes, onRoute } = routeRecorder();
const t = await createTestApp({}, { onRoute });
afterAll(() => t.close());

describe('re-authentication', () => {
  it('a sensitive action answers 403 reauthRequired once the proof is old, and works after /reauth', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get('/api/user/export')).statusCode).toBe(200);
    await proofGoesStale(t.db);
    const refused = await u.client.get('/api/user/export');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REAUTH);

    const wrong = await u.client.post('/api/user/reauth', { password: 'not my password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'That is not right. Please try again.' });
    expect((await u.client.post('/api/user/reauth', {})).statusCode).toBe(400);
    const ok = await u.client.post('/api/user/reauth', { password: u.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Thank you. You can carry on.' });
    const exported = await u.client.get('/api/user/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(u.email);
  });

  it('a second-factor code proves it too, and new recovery codes need the proof', async () => {
    const u = await signedInUser(t.app);
    const phone = await enrolTotp(u.client, '/api/user');
    await proofGoesStale(t.db);
    const refused = await u.client.post('/api/user/2fa/recovery-codes');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REAUTH);
    expect((await u.client.post('/api/user/reauth', { code: '000000' })).statusCode).toBe(401);
    expect((await u.client.post('/api/user/reauth', { code: await phone.code() })).statusCode).toBe(200);
    expect((await u.client.post('/api/user/2fa/recovery-codes')).statusCode).toBe(200);
  });

  it('wrong passwords at /reauth count on the per-account throttle', async () => {
    const u = await signedInUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await u.client.post('/api/user/reauth', { password: 'wrong password' })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('a route that takes the password itself needs no window: that is the proof', async () => {
    const u = await signedInUser(t.app);
    await proofGoesStale(t.db);
    const res = await u.client.post('/api/user/change-password', {
      currentPassword: u.password,
      newPassword: 'another long password',
      confirmPassword: 'another long password',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('admins must enrol a second factor', () => {
  const OPEN_BEFORE_ENROLMENT = new Set([
    'GET /api/admin/user',
    'POST /api/admin/logout',
    'POST /api/admin/2fa/totp/setup',
    'POST /api/admin/2fa/totp/enable',
    'POST /api/admin/passkeys/registration-options',
    'POST /api/admin/passkeys/registration',
    'POST /api/admin/reauth',
    // Sign-in itself: no session needed.
    'POST /api/admin/login',
    'POST /api/admin/login/2fa',
    'POST /api/admin/login/passkey/options',
    'POST /api/admin/login/passkey',
  ]);

  it('signs in with the password to a session that reaches no admin route until TOTP is on', async () => {
    const who = { username: 'gateboss', email: 'gateboss@example.com', password: 'gate admin secret' };
    await adminsRepo(t.db).upsert({ ...who, passwordHash: await hashPassword(who.password) });
    const c = client(t.app);
    const login = await c.post('/api/admin/login', { username: who.username, password: who.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: who.username, enrolmentRequired: true });
    expect((await c.get('/api/admin/user')).json()).toMatchObject({ enrolmentRequired: true });

    const adminRoutes = routes.filter(
      (r) => r.url.startsWith('/api/admin/') && !OPEN_BEFORE_ENROLMENT.has(routeKey(r)),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
    const u = await signedInUser(t.app);
    for (const route of adminRoutes) {
      const url = route.url.replace(':id', String(u.id));
      const res = route.method === 'GET' ? await c.get(url) : await c.post(url, {});
      expect(res.statusCode, routeKey(route)).toBe(403);
      expect(res.json(), routeKey(route)).toEqual({
        message: 'Set up two-factor sign-in to use the admin area.',
        enrolmentRequired: true,
      });
    }
    // The user was not signed out by the refused request.
    expect((await u.client.get('/api/user')).statusCode).toBe(200);

    const phone = await enrolTotp(c, '/api/admin');
    expect((await c.get('/api/admin/user')).json()).toMatchObject({ enrolmentRequired: false });
    expect((await c.get('/api/admin/stats')).statusCode).toBe(200);

    // From now on the admin login asks for the code, and its session is enrolled.
    const next = client(t.app);
    const step = await next.post('/api/admin/login', { username: who.username, password: who.password });
    expect(step.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect((await next.get('/api/admin/stats')).statusCode).toBe(401);
    expect((await next.post('/api/admin/login/2fa', { code: '000000' })).statusCode).toBe(401);
    const done = await next.post('/api/admin/login/2fa', { code: await phone.code() });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ username: who.username, enrolmentRequired: false });
    expect((await next.get('/api/admin/stats')).statusCode).toBe(200);
    // A user's pending sign-in is not an admin's, nor the reverse.
    expect((await next.post('/api/login/2fa', { code: '123456' })).statusCode).toBe(401);
  });

  it('a user cookie never reaches the admin enrolment routes', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.post('/api/admin/2fa/totp/setup')).statusCode).toBe(401);
  });
});

describe('SECRETS_KEY', () => {
  it('missing in production on PostgreSQL: the server refuses to start, saying what to set', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/chairnotes' });
    await expect(resolveSecretsKey(config)).rejects.toThrow(/SECRETS_KEY is required in production/);
  });

  it('a bad value stops the server naming it', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/Invalid environment: SECRETS_KEY: /);
  });

  it('on the embedded database (`npm start` on a fresh machine, production by default) one is made once in DATA_DIR (mode 0600), said once, and kept', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chairnotes-key-'));
    try {
      const said: string[] = [];
      const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
      const first = await resolveSecretsKey(config, (line) => said.push(line));
      const again = await resolveSecretsKey(config, (line) => said.push(line));
      expect(first.length).toBe(32);
      expect(again.equals(first)).toBe(true);
      expect(said).toHaveLength(1);
      const file = path.join(dir, 'secrets.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
