import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { client, createTestApp, signedInUser } from '../support/app';
import { enrolledAdmin } from '../support/two-factor';

// The admin area's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): every view of a
// person's data and every admin action, with the admin, the subject and the time; read-only, with CSV.
const t = await createTestApp();
afterAll(() => t.close());

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type AdminEvent = {
  id: number;
  at: string;
  action: string;
  label: string;
  admin: string;
  subject: string | null;
  detail: string | null;
  ip: string | null;
  device: string;
};

async function anAdmin(username: string) {
  const { client: c } = await enrolledAdmin(t, {
    username,
    email: `${username}@example.com`,
    password: `${username} pass phrase`,
  });
  return c;
}

const trail = async (c: ReturnType<typeof client>, query = ''): Promise<AdminEvent[]> => {
  const res = await c.get(`/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events;
};

describe('the admin audit trail', () => {
  it("records each view of a person's data and each action, with the admin, the subject, the time and the place", async () => {
    const alice = await anAdmin('alice');
    const person = await signedInUser(t.app);
    // Alice's views, from her own address and browser.
    const at = client(t.app, '203.0.113.50', CHROME);
    at.jar.clear();
    for (const [name, value] of alice.jar) at.jar.set(name, value);
    expect((await at.get(`/api/admin/users/${person.id}`)).statusCode).toBe(200);
    for (const list of ['stats', 'users', 'subscribers', 'referrals', 'practices'])
      expect((await at.get(`/api/admin/${list}`)).statusCode).toBe(200);
    expect((await at.post(`/api/admin/users/${person.id}/end-sessions`)).statusCode).toBe(200);
    // The users list saved as CSV, of the rows a search found: the file is the server's, and so is the record.
    const exported = await at.get(`/api/admin/users.csv?q=${encodeURIComponent(person.email)}`);
    expect(exported.statusCode).toBe(200);
    // An unknown person is no view of anyone.
    expect((await at.get('/api/admin/users/999999')).statusCode).toBe(404);

    const events = await trail(alice);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => b - a));
    expect(events.find((e) => e.action === 'user_viewed')).toMatchObject({
      label: 'Viewed a person’s account',
      admin: 'alice',
      subject: person.username,
      ip: '203.0.113.50',
      device: 'Chrome on Linux',
    });
    expect(events.find((e) => e.action === 'user_viewed')!.at).toMatch(/Z$/);
    expect(events.filter((e) => e.action === 'user_viewed')).toHaveLength(1);
    expect(
      events
        .filter((e) => e.action === 'list_viewed')
        .map((e) => e.subject)
        .sort(),
    ).toEqual(['dashboard', 'practices', 'referrals', 'subscribers', 'users']);
    expect(events.find((e) => e.action === 'sessions_ended')).toMatchObject({
      label: 'Signed a person out everywhere',
      admin: 'alice',
      subject: person.username,
      detail: '1 session',
    });
    expect(events.find((e) => e.action === 'list_exported')).toMatchObject({
      admin: 'alice',
      subject: 'users',
      detail: `1 row found by “${person.email}”`,
      ip: '203.0.113.50',
    });
  });

  it('is read by every admin, a page at a time, and exported as CSV (the export recorded)', async () => {
    const bob = await anAdmin('bob');
    const person = await signedInUser(t.app, { username: '=cmd|calc' });
    expect((await bob.get(`/api/admin/users/${person.id}`)).statusCode).toBe(200);
    const all = await trail(bob);
    expect(all.some((e) => e.admin === 'alice')).toBe(true);
    const first = (await bob.get('/api/admin/audit?limit=3')).json();
    expect(first.events.map((e: AdminEvent) => e.id)).toEqual(all.slice(0, 3).map((e) => e.id));
    const next = (await bob.get(`/api/admin/audit?limit=3&before=${first.nextBefore}`)).json();
    expect(next.events.map((e: AdminEvent) => e.id)).toEqual(all.slice(3, 6).map((e) => e.id));
    expect((await bob.get('/api/admin/audit?limit=0')).json().message).toBe('limit: Must be at least 1');

    const csv = await bob.get('/api/admin/audit.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /filename="chairnotes-admin-audit-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Admin,What,About,Detail,Address,Device,User agent');
    expect(lines).toContainEqual(expect.stringContaining(",bob,Viewed a person’s account,'=cmd|calc,"));
    expect(lines).toHaveLength(all.length + 2);
    const after = await trail(bob);
    expect(after[0]).toMatchObject({ action: 'list_exported', admin: 'bob', subject: 'admin audit' });
    expect(after[0]!.detail).toBe(`${all.length} rows`);
  });

  it('refuses a user; no route records an export the server did not make, or changes or deletes an event', async () => {
    const carol = await anAdmin('carol');
    // The browser's old "I am exporting" call is gone: only the server's files are recorded.
    expect((await carol.post('/api/admin/audit/exports', { list: 'users', rows: 1 })).statusCode).toBe(404);
    const user = await signedInUser(t.app);
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv'])
      expect((await user.client.get(url)).statusCode).toBe(401);
    const before = await trail(carol, '?limit=200');
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/audit',
        headers: { origin: t.config.APP_URL },
        cookies: Object.fromEntries(carol.jar),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await trail(carol, '?limit=200')).toEqual(before);
    const changed = await t.db.execute(sql`update admin_events set admin_name = 'nobody'`).then(
      () => 'changed',
      (err: { cause?: Error }) => err.cause?.message,
    );
    expect(changed).toMatch(/admin_events is append-only/);
  });
});
