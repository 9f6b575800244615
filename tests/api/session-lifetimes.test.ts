/**
 * Session lifetimes (docs/architecture.md#safety): users 30 days sliding and 90 days at most from sign-in;
 * admins 30 minutes idle and 12 hours at most. Time passes by moving every session's times back:
 * the clock itself is left alone, as the embedded database's own timers run on it (a faked Date
 * gave them delays past Node's limit).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin';
import { client, createTestApp, setCookieHeader, signedInUser, type TestApp } from '../support/app';

const ADMIN = { username: 'lifetimeboss', password: 'lifetime admin secret' };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: 'lifetimeboss@example.com',
    ADMIN_PASSWORD: ADMIN.password,
  });
  await ensureFirstAdmin(t.db, t.config, t.app.log);
});
afterAll(() => t.close());

/** `ms` pass for every session: each of its moments moves that far into the past. */
async function later(ms: number) {
  const by = sql`${ms} * interval '1 millisecond'`;
  for (const table of ['user_sessions', 'admin_sessions'])
    await t.db.execute(
      sql`update ${sql.identifier(table)} set expires_at = expires_at - ${by}, created_at = created_at - ${by},
          last_seen_at = last_seen_at - ${by}, reauthenticated_at = reauthenticated_at - ${by}`,
    );
}
const maxAge = (line: string) => Number(/Max-Age=(\d+)/.exec(line)?.[1]);

describe('a user session', () => {
  it('slides 30 days with use, but ends 90 days after sign-in however much it is used', async () => {
    const u = await signedInUser(t.app);
    const statuses: number[] = [];
    // Used every 20 days: each use renews it for 30 days from then, until day 90.
    for (let day = 20; day <= 100; day += 20) {
      await later(20 * DAY);
      statuses.push((await u.client.get('/api/user')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 401]);
  });

  it('is renewed no further than its absolute end: the cookie says how long is left', async () => {
    const u = await signedInUser(t.app);
    await t.db.execute(
      sql`update user_sessions set created_at = now() - interval '70 days', expires_at = now() + interval '1 day'
          where user_id = ${u.id}`,
    );
    const res = await u.client.get('/api/user');
    expect(res.statusCode).toBe(200);
    // Renewed to the 90th day (20 days on), not 30 days from now.
    expect(maxAge(setCookieHeader(res, 'cn_session')) / 86_400).toBeCloseTo(20, 1);

    await t.db.execute(
      sql`update user_sessions set created_at = now() - interval '90 days' where user_id = ${u.id}`,
    );
    expect((await u.client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('an admin session', () => {
  const signIn = async () => {
    const admin = client(t.app);
    const res = await admin.post('/api/admin/login', ADMIN);
    expect(res.statusCode).toBe(200);
    expect(maxAge(setCookieHeader(res, 'cn_admin_session'))).toBe(30 * 60);
    return admin;
  };

  it('ends after 30 minutes without use', async () => {
    const admin = await signIn();
    await later(29 * MINUTE);
    expect((await admin.get('/api/admin/user')).statusCode).toBe(200);
    // That use moved the end on: 29 more minutes are still inside it.
    await later(29 * MINUTE);
    expect((await admin.get('/api/admin/user')).statusCode).toBe(200);
    await later(31 * MINUTE);
    expect((await admin.get('/api/admin/user')).statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in however busy it is', async () => {
    const admin = await signIn();
    const statuses = new Set<number>();
    for (let elapsed = 25; elapsed < 12 * 60; elapsed += 25) {
      await later(25 * MINUTE);
      statuses.add((await admin.get('/api/admin/user')).statusCode);
    }
    expect([...statuses]).toEqual([200]);
    await later(25 * MINUTE);
    expect((await admin.get('/api/admin/user')).statusCode).toBe(401);
  });
});
