// @module-tag database-differences: a moved process clock, which PGlite's clock follows and PostgreSQL's does not (vitest.config.ts).
/**
 * Failed sign-ins are throttled per account, whatever the address (docs/architecture.md#safety): before, 110
 * failures on one account from 11 addresses all got 401. The delay is short and capped, so an attacker
 * cannot keep the real person out for long.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin';
import { client, createTestApp, signedInUser, type TestApp } from '../support/app';

const ADMIN = { username: 'throttleboss', password: 'throttle admin secret' };

let t: TestApp;
beforeAll(async () => {
  // The real per-address limit: the throttle must bite although no address reaches it.
  t = await createTestApp({
    LOGIN_RATE_LIMIT: '10',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: 'throttleboss@example.com',
    ADMIN_PASSWORD: ADMIN.password,
  });
  await ensureFirstAdmin(t.db, t.config, t.app.log);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let nextAddress = 0;
/** A sign-in attempt from an address never used before. */
const attempt = (url: string, username: string, password: string) =>
  client(t.app, `198.51.100.${++nextAddress}`).post(url, { username, password });

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
const MINUTE = 60_000;

describe('per-account throttle of failed sign-ins', () => {
  it('ten failures from ten addresses hold the account for a minute, even for the right password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await attempt('/api/login', u.username, `guess ${i}`)).statusCode).toBe(401);
    }
    const held = await attempt('/api/login', u.username, u.password);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ message: 'Too many attempts. Please wait 1 minute and try again.' });
    // By email too: it is the account that is held, not the name typed.
    expect((await attempt('/api/login', u.email, u.password)).statusCode).toBe(429);

    later(MINUTE + 1000);
    expect((await attempt('/api/login', u.username, u.password)).statusCode).toBe(200);
    // A success starts the count again.
    expect((await attempt('/api/login', u.username, 'one more guess')).statusCode).toBe(401);
    expect((await attempt('/api/login', u.username, u.password)).statusCode).toBe(200);
  });

  it('counts failures on the account whichever name was typed, its username or its email', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app, { email: `dr.${Date.now()}.throttled@a-dental-practice.co.uk` });
    for (let i = 0; i < 10; i++) {
      const name = i % 2 ? u.email.toUpperCase() : u.username;
      expect((await attempt('/api/login', name, `guess ${i}`)).statusCode).toBe(401);
    }
    expect((await attempt('/api/login', u.username, u.password)).statusCode).toBe(429);
    expect((await attempt('/api/login', u.email, u.password)).statusCode).toBe(429);
    later(MINUTE + 1000);
    expect((await attempt('/api/login', u.email, u.password)).statusCode).toBe(200);
  });

  it('each further failure doubles the delay, never beyond five minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app);
    for (let i = 0; i < 10; i++) await attempt('/api/login', u.username, `guess ${i}`);
    const waits: string[] = [];
    for (let i = 0; i < 5; i++) {
      later(10 * MINUTE - 1000); // each hold has ended, while the failures are still remembered
      expect((await attempt('/api/login', u.username, `late guess ${i}`)).statusCode).toBe(401);
      waits.push((await attempt('/api/login', u.username, u.password)).json().message);
    }
    expect(waits.map((m) => /wait (\d+) minute/.exec(m)?.[1])).toEqual(['2', '4', '5', '5', '5']);
    later(5 * MINUTE + 1000);
    expect((await attempt('/api/login', u.username, u.password)).statusCode).toBe(200);
  });

  it('an unknown name is held the same way, so the answer does not tell which names exist', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt('/api/login', 'nobody-by-this-name', `guess ${i}`)).statusCode).toBe(401);
    }
    expect((await attempt('/api/login', 'Nobody-By-This-Name', 'guess')).statusCode).toBe(429);
  });

  it('signs an admin in by their email as well (the same sign-in name rule)', async () => {
    const res = await attempt('/api/admin/login', 'ThrottleBoss@Example.com', ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: ADMIN.username });
  });

  it('holds an admin account the same way, apart from users', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 10; i++) {
      expect((await attempt('/api/admin/login', ADMIN.username, `guess ${i}`)).statusCode).toBe(401);
    }
    expect((await attempt('/api/admin/login', ADMIN.username, ADMIN.password)).statusCode).toBe(429);
    later(MINUTE + 1000);
    expect((await attempt('/api/admin/login', ADMIN.username, ADMIN.password)).statusCode).toBe(200);
  });
});

describe('the current password asked for by a sensitive change', () => {
  type Signed = Awaited<ReturnType<typeof signedInUser>>;
  /** The user's own session (a stolen cookie), used from an address never used before. */
  const stolen = (u: Signed) => {
    const c = client(t.app, `203.0.113.${++nextAddress}`);
    for (const [name, value] of u.client.jar) c.jar.set(name, value);
    return c;
  };
  const HELD = { message: 'Too many attempts. Please wait 1 minute and try again.' };
  /** Ten wrong passwords, each refused with `wrong`; then the right one is held with the throttle's message. */
  async function heldAfterTenWrong(
    check: (password: string) => Promise<{ statusCode: number; json: () => unknown }>,
    wrong: string,
    right: string,
  ) {
    for (let i = 0; i < 10; i++) {
      const res = await check(`guess ${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: wrong });
    }
    const held = await check(right);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual(HELD);
  }

  it('an email change counts wrong passwords with sign-in, and is then held, even for the right one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app);
    const change = (currentPassword: string) =>
      stolen(u).patch('/api/user', { username: u.username, email: 'thief@example.com', currentPassword });
    await heldAfterTenWrong(change, 'Current password is incorrect', u.password);
    // One count for the account: signing in is held too.
    expect((await attempt('/api/login', u.username, u.password)).json()).toEqual(HELD);
    expect((await u.client.get('/api/user')).json().email).toBe(u.email);

    later(MINUTE + 1000);
    const res = await change(u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'We sent a confirmation link to thief@example.com. Your email changes when you open it.',
    );
  });

  it('a password change is held the same way', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app);
    const change = (currentPassword: string) =>
      stolen(u).post('/api/user/change-password', {
        currentPassword,
        newPassword: 'a brand new secret',
        confirmPassword: 'a brand new secret',
      });
    await heldAfterTenWrong(change, 'Current password is incorrect', u.password);
    later(MINUTE + 1000);
    // The password did not change while held: the old one still signs in.
    expect((await attempt('/api/login', u.username, u.password)).statusCode).toBe(200);
  });

  it('deleting the account is held the same way, and deletes nothing', async () => {
    const u = await signedInUser(t.app);
    const erase = (password: string) => stolen(u).delete('/api/user', { password });
    await heldAfterTenWrong(erase, 'Password is incorrect', u.password);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
  });

  it('a right password clears the count, as a sign-in does', async () => {
    const u = await signedInUser(t.app);
    const change = (currentPassword: string) =>
      stolen(u).patch('/api/user', {
        username: u.username,
        email: u.email.replace('@', '+new@'),
        currentPassword,
      });
    for (let i = 0; i < 9; i++) expect((await change(`guess ${i}`)).statusCode).toBe(400);
    expect((await change(u.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await change(`guess again ${i}`)).statusCode).toBe(400);
    expect((await change(u.password)).statusCode).toBe(200);
  });
});
