/**
 * Failed sign-ins are throttled per account, whatever the address (design.md section 6): before, 110
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
