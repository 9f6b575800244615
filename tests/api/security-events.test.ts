/**
 * The Security tab's picture of an account (docs/architecture.md#safety and docs/architecture.md#identity): the devices signed in, with a
 * sign-out for each, and what happened to the account, recorded without secrets. And the admin area's one
 * write: ending every session of a user, recorded and told to the person.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin';
import type { SecurityOverview } from '../../src/shared/schemas/security';
import { client, createTestApp, signedInUser } from '../support/app';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';
import { enrolTotp } from '../support/two-factor';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const smtp = await startSmtpCatcher();
const t = await createTestApp({
  SMTP_URL: smtp.url,
  ADMIN_USERNAME: 'support',
  ADMIN_EMAIL: 'support@chairnotes.co.uk',
  ADMIN_PASSWORD: 'admin secret 1',
});
await ensureFirstAdmin(t.db, t.config, t.app.log);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const resetToken = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

const overview = async (c: ReturnType<typeof client>) => {
  const res = await c.get('/api/user/security');
  expect(res.statusCode).toBe(200);
  return res.json() as SecurityOverview;
};
const types = (o: SecurityOverview) => o.events.map((e) => e.type);

async function signIn(u: { username: string; password: string }, ip: string, userAgent: string) {
  const c = client(t.app, ip, userAgent);
  const res = await c.post('/api/login', { username: u.username, password: u.password });
  expect(res.statusCode).toBe(200);
  return c;
}

describe('GET /api/user/security', () => {
  it('lists each device signed in, with where and when, this one marked', async () => {
    const u = await signedInUser(t.app);
    const mac = await signIn(u, '198.51.100.7', FIREFOX_MAC);
    await signIn(u, '203.0.113.9', CHROME_WINDOWS);

    const { sessions } = await overview(mac);
    expect(sessions).toHaveLength(3);
    const here = sessions.find((s) => s.current);
    expect(here).toMatchObject({ device: 'Firefox on macOS', ip: '198.51.100.7' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain('Chrome on Windows');
    for (const s of sessions) {
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(s.createdAt).toMatch(/Z$/);
    }
  });

  it('records sign-ins and failures with their address, newest first, and no secret', async () => {
    const u = await signedInUser(t.app);
    const wrong = await client(t.app, '192.0.2.44', CHROME_WINDOWS).post('/api/login', {
      username: u.username,
      password: 'a wrong guess here',
    });
    expect(wrong.statusCode).toBe(401);
    const c = await signIn(u, '198.51.100.7', FIREFOX_MAC);

    const o = await overview(c);
    // Registering signed the person in; then a failure from elsewhere; then this sign-in.
    expect(types(o)).toEqual(['sign_in', 'sign_in_failed', 'sign_in']);
    expect(o.events[1]).toMatchObject({ ip: '192.0.2.44', device: 'Chrome on Windows' });
    expect(o.events[0]).toMatchObject({ ip: '198.51.100.7', device: 'Firefox on macOS' });
    const body = JSON.stringify(o);
    expect(body).not.toContain(u.password);
    expect(body).not.toContain('a wrong guess');
  });

  it("shows only the person's own account", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    await client(t.app).post('/api/login', { username: a.username, password: 'not the password' });
    const o = await overview(b.client);
    expect(types(o)).toEqual(['sign_in']);
    expect(o.sessions).toHaveLength(1);
  });

  it('needs a user session (an admin cookie is not one)', async () => {
    expect((await client(t.app).get('/api/user/security')).statusCode).toBe(401);
    const admin = client(t.app);
    await admin.post('/api/admin/login', { username: 'support', password: 'admin secret 1' });
    expect((await admin.get('/api/user/security')).statusCode).toBe(401);
  });
});

describe('the account history', () => {
  it('records sign-out, password change, signing out others, and a password reset', async () => {
    const u = await signedInUser(t.app);
    const other = await signIn(u, '203.0.113.9', CHROME_WINDOWS);
    expect((await other.post('/api/logout')).statusCode).toBe(200);
    await u.client.post('/api/user/change-password', {
      currentPassword: u.password,
      newPassword: 'a new strong passphrase',
      confirmPassword: 'a new strong passphrase',
    });
    await u.client.post('/api/user/sign-out-others');

    await client(t.app).post('/api/password-reset/request', { email: u.email });
    const token = resetToken((await smtp.waitFor(u.email, 'Reset your ChairNotes password')).text);
    const reset = await client(t.app).post('/api/password-reset/confirm', {
      token,
      password: 'the third passphrase',
    });
    expect(reset.statusCode).toBe(200);

    const c = await signIn({ ...u, password: 'the third passphrase' }, '127.0.0.1', FIREFOX_MAC);
    expect(types(await overview(c))).toEqual([
      'sign_in',
      'password_reset',
      'sessions_ended',
      'password_changed',
      'sign_out',
      'sign_in',
      'sign_in',
    ]);
  });

  it('records a confirmed email change', async () => {
    const u = await signedInUser(t.app);
    const next = `moved-${u.username}@example.org`;
    await u.client.patch('/api/user', { username: u.username, email: next, currentPassword: u.password });
    const token = emailLinkToken(
      (await smtp.waitFor(next, 'Confirm your new ChairNotes email address')).text,
    );
    expect((await u.client.post('/api/user/verify-email', { token })).statusCode).toBe(200);
    expect(types(await overview(u.client))[0]).toBe('email_changed');
  });
});

describe('DELETE /api/user/sessions/:id', () => {
  it('signs that device out, and records it', async () => {
    const u = await signedInUser(t.app);
    const lost = await signIn(u, '203.0.113.9', CHROME_WINDOWS);
    const target = (await overview(u.client)).sessions.find((s) => s.device === 'Chrome on Windows');
    const res = await u.client.delete(`/api/user/sessions/${target?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'That device is signed out.' });
    expect((await lost.get('/api/user')).statusCode).toBe(401);
    const after = await overview(u.client);
    expect(after.sessions).toHaveLength(1);
    expect(types(after)[0]).toBe('session_ended');
  });

  it("cannot end another person's session, and names a bad id", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const [theirs] = (await overview(b.client)).sessions;
    const res = await a.client.delete(`/api/user/sessions/${theirs!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'That session has already ended.' });
    expect((await b.client.get('/api/user')).statusCode).toBe(200);
    const bad = await a.client.delete('/api/user/sessions/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it('refuses a request from another site', async () => {
    const u = await signedInUser(t.app);
    const [mine] = (await overview(u.client)).sessions;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${mine!.id}`,
      headers: { origin: 'https://evil.example' },
      cookies: Object.fromEntries(u.client.jar),
    });
    expect(res.statusCode).toBe(403);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('POST /api/admin/users/:id/end-sessions', () => {
  // Signed in once and enrolled by TOTP, as an admin must be before the admin area opens.
  let enrolled: ReturnType<typeof client> | undefined;
  const adminClient = async () => {
    if (enrolled) return enrolled;
    const admin = client(t.app, '10.0.0.5', FIREFOX_MAC);
    const res = await admin.post('/api/admin/login', { username: 'support', password: 'admin secret 1' });
    expect(res.statusCode).toBe(200);
    await enrolTotp(admin, '/api/admin');
    enrolled = admin;
    return admin;
  };

  it('signs the user out everywhere, records it on their account and mails them', async () => {
    const u = await signedInUser(t.app);
    const phone = await signIn(u, '203.0.113.9', CHROME_WINDOWS);
    const admin = await adminClient();
    const res = await admin.post(`/api/admin/users/${u.id}/end-sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of 2 sessions.', count: 2 });
    expect((await u.client.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    const mail = await smtp.waitFor(u.email, 'You were signed out of ChairNotes on every device');
    expect(mail.text).toContain('/auth');

    const back = await signIn(u, '127.0.0.1', FIREFOX_MAC);
    expect(types(await overview(back))).toEqual(['sign_in', 'sessions_ended_by_admin', 'sign_in', 'sign_in']);
  });

  it('is for admins only, and names an unknown or malformed user', async () => {
    const u = await signedInUser(t.app);
    const asUser = await u.client.post(`/api/admin/users/${u.id}/end-sessions`);
    expect(asUser.statusCode).toBe(401);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);

    const admin = await adminClient();
    const unknown = await admin.post('/api/admin/users/987654/end-sessions');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No user has that id.' });
    const bad = await admin.post('/api/admin/users/abc/end-sessions');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'id: User id must be a number' });
  });

  it('refuses a request from another site', async () => {
    const u = await signedInUser(t.app);
    const admin = await adminClient();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.id}/end-sessions`,
      headers: { origin: 'https://evil.example' },
      cookies: Object.fromEntries(admin.jar),
    });
    expect(res.statusCode).toBe(403);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
  });
});
