import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin';
import { referrals, subscribers, users } from '../../src/server/db/schema';
import {
  adminReferralSchema,
  adminSubscriberSchema,
  adminUserDetailSchema,
  adminUserSchema,
} from '../../src/shared/schemas/admin';
import { client, createTestApp, signedInUser, type TestApp } from '../support/app';
import { enrolTotp } from '../support/two-factor';

let t: TestApp;
let admin: ReturnType<typeof client>;
const DAY = 24 * 60 * 60 * 1000;

// A database with known contents: every figure below is worked out by hand from these rows.
const seeded = [
  { plan: 'free', status: 'inactive', discount: false, logins: 1, daysAgo: 0 },
  { plan: 'free', status: 'inactive', discount: false, logins: 0, daysAgo: 100 },
  { plan: 'pro', status: 'active', discount: false, logins: 10, daysAgo: 1 },
  { plan: 'pro', status: 'active', discount: true, logins: 4, daysAgo: 1 },
  { plan: 'clinic', status: 'active', discount: false, logins: 3, daysAgo: 5 },
  { plan: 'clinic', status: 'active', discount: true, logins: 2, daysAgo: 89 },
  { plan: 'pro', status: 'paused', discount: false, logins: 5, daysAgo: 30 },
  { plan: 'clinic', status: 'canceled', discount: false, logins: 7, daysAgo: 200 },
  { plan: 'pro', status: 'past_due', discount: false, logins: 1, daysAgo: 2 },
] as const;

beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: 'boss',
    ADMIN_EMAIL: 'boss@example.com',
    ADMIN_PASSWORD: 'admin pass 1',
  });
  await ensureFirstAdmin(t.db, t.config, t.app.log);
  const now = Date.now();
  const rows = await t.db
    .insert(users)
    .values(
      seeded.map((s, i) => ({
        username: `seed${i}`,
        email: `seed${i}@example.co.uk`,
        password: 'not-a-hash',
        plan: s.plan,
        subscriptionStatus: s.status,
        hasDiscount: s.discount,
        loginCount: s.logins,
        consecutiveLogins: i === 2 ? 3 : 1,
        lastLoginAt: s.logins ? new Date(now - i * 60_000) : null,
        createdAt: new Date(now - s.daysAgo * DAY),
        referralCode: `SEED${i}`,
      })),
    )
    .returning();
  await t.db.insert(subscribers).values([{ email: 'a@example.com' }, { email: 'b@example.com' }]);
  await t.db.insert(referrals).values({
    referrerId: rows[2]!.id,
    referralCode: 'SEED2',
    friendEmail: 'friend@example.com',
    friendUserId: rows[3]!.id,
    status: 'completed',
    completedAt: new Date(now),
    rewardNote: 'Referrer had reached the yearly limit',
  });
  admin = client(t.app);
  await admin.post('/api/admin/login', { username: 'boss', password: 'admin pass 1' });
  // Admins must have a second factor before the admin area opens.
  await enrolTotp(admin, '/api/admin');
});
afterAll(() => t.close());

describe('GET /api/admin/stats', () => {
  it('counts users, subscriptions and revenue from the database', async () => {
    const res = await admin.get('/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({
      totalUsers: 9,
      activeSubscriptions: 4,
      trialSubscriptions: 0,
      // 99.80 + 49.90 (discounted pro) + 149.80 + 74.90 (discounted clinic)
      estimatedMonthlyRevenue: 374.4,
      totalSubscribers: 2,
      usersByPlan: { free: 2, pro: 4, clinic: 3 },
      usersByStatus: { active: 4, paused: 1, past_due: 1, canceled: 1, inactive: 2 },
    });
    // 33 logins over 9 users
    expect(stats.averageLoginsPerUser).toBeCloseTo(33 / 9, 5);
  });

  it('lists the 5 most recent logins, newest first, and sign-ups a day for 90 days', async () => {
    const stats = (await admin.get('/api/admin/stats')).json();
    expect(stats.recentLogins.map((l: { username: string }) => l.username)).toEqual([
      'seed0',
      'seed2',
      'seed3',
      'seed4',
      'seed5',
    ]);
    expect(stats.recentLogins[1].consecutiveLogins).toBe(3);
    expect(stats.signupsByDay).toHaveLength(90);
    const total = stats.signupsByDay.reduce((n: number, d: { count: number }) => n + d.count, 0);
    // Created 0, 1, 1, 5, 89, 30 and 2 days ago are inside the window; 100 and 200 are not.
    expect(total).toBe(7);
    expect(stats.signupsByDay.at(-1).count).toBe(1);
  });
});

describe('admin lists', () => {
  it('lists users without any secret', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    // Strict: a field the shared schema does not name (a hash, a Stripe id) fails the parse.
    const list = z.array(adminUserSchema.strict()).parse(res.json());
    expect(
      list.map((u) => [
        u.username,
        u.plan,
        u.subscriptionStatus,
        u.hasDiscount,
        u.loginCount,
        u.referralCode,
      ]),
    ).toEqual(
      seeded.map((s, i) => [`seed${i}`, s.plan, s.status, s.discount, s.logins, `SEED${i}`]).reverse(),
    );
    expect(res.body).not.toMatch(/password|not-a-hash|stripe/i);
  });

  it('lists newsletter subscribers and referral records', async () => {
    const subs = z
      .array(adminSubscriberSchema.strict())
      .parse((await admin.get('/api/admin/subscribers')).json());
    expect(subs.map((s) => s.email).sort()).toEqual(['a@example.com', 'b@example.com']);
    const refs = z
      .array(adminReferralSchema.strict())
      .parse((await admin.get('/api/admin/referrals')).json());
    expect(refs).toEqual([
      expect.objectContaining({
        referrerUsername: 'seed2',
        referrerEmail: 'seed2@example.co.uk',
        friendEmail: 'friend@example.com',
        referralCode: 'SEED2',
        status: 'completed',
        rewardNote: 'Referrer had reached the yearly limit',
      }),
    ]);
  });

  it('refuses a user session and no session on every admin endpoint', async () => {
    const user = await signedInUser(t.app);
    for (const path of [
      '/api/admin/stats',
      '/api/admin/users',
      `/api/admin/users/${user.id}`,
      '/api/admin/subscribers',
      '/api/admin/referrals',
    ]) {
      expect((await client(t.app).get(path)).statusCode, path).toBe(401);
      expect((await user.client.get(path)).statusCode, path).toBe(401);
    }
  });
});

describe('GET /api/admin/users/:id', () => {
  it("shows one person's account, read-only and without any secret; no invoices without Stripe", async () => {
    const person = await signedInUser(t.app);
    const res = await admin.get(`/api/admin/users/${person.id}`);
    expect(res.statusCode).toBe(200);
    // Strict: a field the shared schema does not name (a hash, a token, a Stripe id) fails the parse.
    const detail = adminUserDetailSchema.strict().parse(res.json());
    expect(detail).toMatchObject({
      profile: { id: person.id, username: person.username, email: person.email, emailVerified: false },
      subscription: { plan: 'free', status: 'inactive' },
      access: null,
      secondFactors: [],
      practice: null,
      invoices: { available: false, items: [] },
    });
    expect(detail.sessions).toHaveLength(1);
    expect(res.body).not.toMatch(/password|\$argon|\$scrypt|cus_|sub_/i);
    expect(res.body).not.toContain(person.client.jar.get('cn_session'));

    const unknown = await admin.get('/api/admin/users/987654');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No user has that id.');
    const bad = await admin.get('/api/admin/users/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: User id must be a number');
  });
});
