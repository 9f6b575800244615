import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import { client, createTestApp, setCookieHeader, signedInUser, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: 'boss',
    ADMIN_EMAIL: 'Boss@ChairNotes.co.uk',
    ADMIN_PASSWORD: 'admin secret 1',
  });
  await ensureFirstAdmin(t.db, t.config, t.app.log);
});
afterAll(() => t.close());

describe('admin sign-in', () => {
  it('creates the first admin from the environment, and signs in', async () => {
    const c = client(t.app);
    const res = await c.post('/api/admin/login', { username: 'boss', password: 'admin secret 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'boss', email: 'boss@chairnotes.co.uk', role: 'admin' });
    expect(res.json()).not.toHaveProperty('password');
    expect(setCookieHeader(res, 'cn_admin_session')).toMatch(
      /^cn_admin_session=[A-Za-z0-9_-]{27};.*HttpOnly; SameSite=Lax/,
    );
    expect(setCookieHeader(res, 'cn_admin_signed_in')).toMatch(/^cn_admin_signed_in=1;/);
    expect((await c.get('/api/admin/user')).json().username).toBe('boss');
  });

  it('does not create a second admin at the next start', async () => {
    await ensureFirstAdmin(t.db, { ...t.config, ADMIN_USERNAME: 'other' }, t.app.log);
    expect(await adminsRepo(t.db).count()).toBe(1);
  });

  it('answers a wrong password and an unknown admin alike', async () => {
    const wrong = await client(t.app).post('/api/admin/login', { username: 'boss', password: 'nope nope' });
    const unknown = await client(t.app).post('/api/admin/login', {
      username: 'ghost',
      password: 'nope nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses empty fields with the product messages', async () => {
    const res = await client(t.app).post('/api/admin/login', { username: '', password: '' });
    expect(res.json()).toEqual({ message: 'username: Username is required' });
  });

  it('keeps admin and user sessions apart in both directions', async () => {
    const admin = client(t.app);
    await admin.post('/api/admin/login', { username: 'boss', password: 'admin secret 1' });
    const adminToken = admin.jar.get('cn_admin_session')!;
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { cn_session: adminToken },
    });
    expect(asUser.statusCode).toBe(401);
    expect((await admin.get('/api/user')).statusCode).toBe(401);

    const user = await signedInUser(t.app);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { cn_admin_session: user.client.jar.get('cn_session')! },
    });
    expect(asAdmin.statusCode).toBe(401);
    // A user's credentials do not open the admin login either.
    const userAtAdminLogin = await client(t.app).post('/api/admin/login', {
      username: user.username,
      password: user.password,
    });
    expect(userAtAdminLogin.statusCode).toBe(401);
  });

  it('admin logout ends the admin session only', async () => {
    const c = client(t.app);
    await c.post('/api/login', { username: 'nobody', password: 'x' });
    const user = await signedInUser(t.app);
    for (const [k, v] of user.client.jar) c.jar.set(k, v);
    await c.post('/api/admin/login', { username: 'boss', password: 'admin secret 1' });
    const token = c.jar.get('cn_admin_session')!;
    expect((await c.post('/api/admin/logout')).statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { cn_admin_session: token },
    });
    expect(replay.statusCode).toBe(401);
    expect((await c.get('/api/user')).statusCode).toBe(200);
  });

  it('upsert resets the password of an existing admin (npm run admin:create)', async () => {
    const repo = adminsRepo(t.db);
    const { created } = await repo.upsert({
      username: 'BOSS',
      email: 'boss@chairnotes.co.uk',
      passwordHash: await hashPassword('reset secret 2'),
    });
    expect(created).toBe(false);
    expect(
      (await client(t.app).post('/api/admin/login', { username: 'boss', password: 'reset secret 2' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('first admin without variables', () => {
  it('creates admin with a random password printed once', async () => {
    const fresh = await createTestApp();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await ensureFirstAdmin(fresh.db, fresh.config, fresh.app.log);
      const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
      const password = /password: (\S+)/.exec(printed)?.[1];
      expect(password).toMatch(/^\S{20,}$/);
      const res = await client(fresh.app).post('/api/admin/login', {
        username: 'admin',
        password: password!,
      });
      expect(res.statusCode).toBe(200);
      log.mockClear();
      await ensureFirstAdmin(fresh.db, fresh.config, fresh.app.log);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
      await fresh.close();
    }
  });
});
