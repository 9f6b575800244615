import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ensureFirstAdmin } from '../../src/server/admin/first-admin';
import { practiceMembers, practices, referrals, subscribers, users } from '../../src/server/db/schema';
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

/** A CSV answer's lines (the byte order mark off, the last CRLF's empty line dropped). */
function csvLines(body: string): string[] {
  const lines = body.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(0, -1);
}

describe('the admin lists as CSV files, made by the server', () => {
  beforeAll(async () => {
    // A practice whose name, and a person whose username, a spreadsheet would run as formulas.
    const [formula] = await t.db
      .insert(users)
      .values({
        username: '=HYPERLINK("http://evil.example","x")',
        email: 'formula@example.co.uk',
        password: 'not-a-hash',
        plan: 'clinic',
        subscriptionStatus: 'active',
        referralCode: 'FORMULA1',
      })
      .returning();
    const [practice] = await t.db
      .insert(practices)
      .values({ name: '+SUM(1,2) Dental', ownerId: formula!.id })
      .returning();
    await t.db
      .insert(practiceMembers)
      .values({ practiceId: practice!.id, userId: formula!.id, role: 'owner' });
  });

  const today = () => new Date().toISOString().slice(0, 10);

  async function exported(path: string, file: string) {
    const res = await admin.get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="chairnotes-${file}-${today()}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return csvLines(res.body);
  }

  const lastExport = async () => {
    const events = (await admin.get('/api/admin/audit?limit=5')).json().events as {
      action: string;
      subject: string;
      detail: string;
      admin: string;
    }[];
    return events.find((e) => e.action === 'list_exported');
  };

  it('users: every user, or those the search finds, each recorded in the admin audit trail', async () => {
    const everyone = (await admin.get('/api/admin/users')).json() as unknown[];
    const lines = await exported('/api/admin/users.csv', 'users');
    expect(lines[0]).toBe(
      'ID,Username,Email,Plan,Status,Retention discount,Practice,Joined,Last login,Logins,Login streak (days),Referral code,Referral credits',
    );
    expect(lines).toHaveLength(everyone.length + 1);
    expect(await lastExport()).toMatchObject({
      subject: 'users',
      detail: `${everyone.length} rows`,
      admin: 'boss',
    });

    // The search is the page's: any case, in the username or the email.
    const found = await exported(`/api/admin/users.csv?q=${encodeURIComponent(' SEED2@ ')}`, 'users');
    expect(found).toHaveLength(2);
    expect(found[1]).toMatch(/^\d+,seed2,seed2@example\.co\.uk,Plus,Active,No,,\d{4}-/);
    expect(await lastExport()).toMatchObject({ subject: 'users', detail: '1 row found by “SEED2@”' });
    expect(await exported('/api/admin/users.csv?q=nobody-at-all', 'users')).toHaveLength(1);
  });

  it('a cell a spreadsheet would run as a formula is written as text', async () => {
    const [, row] = await exported('/api/admin/users.csv?q=formula@', 'users');
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",formula@example.co.uk,`);
    expect(row).toContain(`,"'+SUM(1,2) Dental (owner)",`);
    const [, practice] = await exported('/api/admin/practices.csv?q=formula', 'practices');
    expect(practice).toMatch(/^\d+,"'\+SUM\(1,2\) Dental","'=HYPERLINK/);
    for (const cell of practice!.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('subscriptions: the active paid plans only, with what each pays a month', async () => {
    const lines = await exported('/api/admin/subscriptions.csv', 'subscriptions');
    expect(lines[0]).toBe('ID,Username,Email,Plan,Monthly amount (GBP),Retention discount,Joined,Last login');
    const names = lines.slice(1).map((line) => line.split(',')[1]);
    expect(names.sort()).toEqual(
      ['seed2', 'seed3', 'seed4', 'seed5', `"'=HYPERLINK(""http://evil.example""`].sort(),
    );
    expect(lines.find((line) => line.includes(',seed3,'))).toMatch(/,Plus,\d+\.\d{2},Yes,/);
    expect(await lastExport()).toMatchObject({ subject: 'subscriptions', detail: '5 rows' });
  });

  it('referrals, newsletter subscribers and practices', async () => {
    const referralLines = await exported('/api/admin/referrals.csv', 'referrals');
    expect(referralLines[0]).toBe(
      'ID,Referrer username,Referrer email,Friend email,Code,Status,Referred,Completed,Reward note',
    );
    expect(referralLines[1]).toMatch(
      /^\d+,seed2,seed2@example\.co\.uk,friend@example\.com,SEED2,Completed,\d{4}-.*,Referrer had reached the yearly limit$/,
    );
    expect(await lastExport()).toMatchObject({ subject: 'referrals', detail: '1 row' });

    const subscriberLines = await exported('/api/admin/subscribers.csv?q=b@', 'newsletter-subscribers');
    expect(subscriberLines).toEqual([
      'ID,Email,Subscribed',
      expect.stringMatching(/^\d+,b@example\.com,\d{4}-/),
    ]);
    expect(await lastExport()).toMatchObject({ subject: 'subscribers', detail: '1 row found by “b@”' });

    const practiceLines = await exported('/api/admin/practices.csv', 'practices');
    expect(practiceLines[0]).toBe(
      'ID,Practice,Owner username,Owner email,Members,Pending invitations,Plan,Status,Created,Terms accepted,Terms version,Terms current',
    );
    expect(practiceLines).toHaveLength(2);
    expect(practiceLines[1]).toMatch(/,formula@example\.co\.uk,1,0,Practice,Active,\d{4}-.*,,,no$/);
    expect(await lastExport()).toMatchObject({ subject: 'practices', detail: '1 row' });
  });

  it('a search longer than any field is refused; a user or a visitor gets no file, and nothing is recorded', async () => {
    const tooLong = await admin.get(`/api/admin/users.csv?q=${'x'.repeat(321)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('q: Search must be at most 320 characters');
    const before = await lastExport();
    const user = await signedInUser(t.app);
    for (const list of ['users', 'subscriptions', 'referrals', 'subscribers', 'practices']) {
      for (const c of [client(t.app), user.client]) {
        const res = await c.get(`/api/admin/${list}.csv`);
        expect(res.statusCode, list).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
    }
    expect(await lastExport()).toEqual(before);
  });
});
