import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { purgeAuditRows } from '../../src/server/db/audit-retention';
import { client, newUser } from '../support/app';
import { browser, oidcApp, signInToNoteApp } from '../support/oidc';
import { softwarePasskey } from '../support/passkey-authenticator';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';
import { enrolTotp } from '../support/two-factor';

// A practice's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): each event appears
// after the thing is done over HTTP, its owner and admins read it (and its CSV), a clinician does not,
// nobody sees another practice's, and the database keeps it append-only.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await oidcApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000' });

type Person = Awaited<ReturnType<typeof person>>;
type AuditEvent = {
  id: number;
  at: string;
  action: string;
  label: string;
  actor: string | null;
  subject: string | null;
  detail: string | null;
  ip: string | null;
  device: string;
  userAgent: string | null;
};

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A registered, verified person, signed in from `ip` with Chrome on Linux. */
async function person(ip = '203.0.113.7') {
  const u = newUser();
  const c = client(t.app, ip, CHROME);
  const res = await c.post('/api/register', u);
  expect(res.statusCode, res.body).toBe(201);
  const token = emailLinkToken((await smtp.waitFor(u.email, 'Verify')).text);
  expect((await c.post('/api/user/verify-email', { token })).statusCode).toBe(200);
  return { ...u, id: res.json().id as number, client: c };
}

async function owner() {
  const u = await person();
  const res = await u.client.post('/api/create-subscription', { planId: 'clinic' });
  expect(res.statusCode, res.body).toBe(200);
  await t.deliverAll(t.fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]!));
  return u;
}

const invitationMails = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && m.subject.startsWith('You are invited'));

/** Invites `email`; the token of the link in the newest mail. */
async function invite(by: Person, email: string, role: 'admin' | 'clinician' = 'clinician') {
  const before = invitationMails(email).length;
  const res = await by.client.post('/api/practice/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await vi.waitFor(() => invitationMails(email)[before] ?? Promise.reject(new Error('no mail')));
  return /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

async function join(by: Person, role: 'admin' | 'clinician' = 'clinician') {
  const member = await person('198.51.100.20');
  const token = await invite(by, member.email, role);
  expect((await member.client.post('/api/practice/join', { token })).statusCode).toBe(200);
  return member;
}

async function trail(u: Person, query = ''): Promise<AuditEvent[]> {
  const res = await u.client.get(`/api/practice/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events;
}

const find = (events: AuditEvent[], action: string, subject?: string) =>
  events.find((e) => e.action === action && (subject === undefined || e.subject === subject));

describe('the practice audit trail', () => {
  it('records the practice, its invitations and its members, each with who, whom, when and from where', async () => {
    const boss = await owner();
    expect((await boss.client.patch('/api/practice', { name: 'Smile Dental' })).statusCode).toBe(200);
    const member = await join(boss);
    const admin = await join(boss, 'admin');
    // An invitation sent, sent again and withdrawn.
    const ghost = newUser().email;
    await invite(boss, ghost);
    const overview = (await boss.client.get('/api/practice')).json();
    const pending = overview.invitations.find((i: { email: string }) => i.email === ghost);
    expect((await boss.client.post(`/api/practice/invitations/${pending.id}/resend`)).statusCode).toBe(200);
    expect((await boss.client.delete(`/api/practice/invitations/${pending.id}`)).statusCode).toBe(200);
    // A role changed, a member removed by an admin, one who leaves, and the practice handed over.
    expect(
      (await boss.client.patch(`/api/practice/members/${member.id}`, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await admin.client.delete(`/api/practice/members/${member.id}`)).statusCode).toBe(200);
    const leaver = await join(boss);
    expect((await leaver.client.post('/api/practice/leave')).statusCode).toBe(200);
    expect((await boss.client.post('/api/practice/transfer', { userId: admin.id })).statusCode).toBe(200);

    const events = await trail(boss);
    // Newest first, each time in UTC.
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => b - a));
    for (const e of events) expect(e.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(find(events, 'practice_created')).toMatchObject({
      actor: boss.username,
      detail: `${boss.username}'s practice`,
      ip: null,
    });
    expect(find(events, 'practice_renamed')).toMatchObject({
      label: 'Practice renamed',
      actor: boss.username,
      detail: `${boss.username}'s practice → Smile Dental`,
      ip: '203.0.113.7',
      device: 'Chrome on Linux',
      userAgent: CHROME,
    });
    expect(find(events, 'invitation_sent', member.email)).toMatchObject({
      actor: boss.username,
      detail: 'clinician',
    });
    expect(find(events, 'invitation_used', member.email)).toMatchObject({
      actor: member.username,
      ip: '198.51.100.20',
    });
    expect(find(events, 'member_joined', member.username)).toMatchObject({
      label: 'Joined the practice',
      actor: member.username,
      detail: 'clinician',
    });
    expect(find(events, 'invitation_resent', ghost)).toMatchObject({ actor: boss.username });
    expect(find(events, 'invitation_withdrawn', ghost)).toMatchObject({ actor: boss.username });
    expect(find(events, 'role_changed', member.username)).toMatchObject({
      actor: boss.username,
      detail: 'clinician → admin',
    });
    expect(find(events, 'member_removed', member.username)).toMatchObject({
      label: 'Removed from the practice',
      actor: admin.username,
    });
    expect(find(events, 'member_left', leaver.username)).toMatchObject({ actor: leaver.username });
    expect(find(events, 'practice_handed_over', admin.username)).toMatchObject({ actor: boss.username });
    // The new owner reads the same trail.
    expect((await trail(admin)).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('a role "changed" to the one the member has is no change, and the trail records none', async () => {
    const boss = await owner();
    const member = await join(boss);
    const same = await boss.client.patch(`/api/practice/members/${member.id}`, { role: 'clinician' });
    expect(same.statusCode).toBe(200);
    expect(same.json().members.find((m: { userId: number }) => m.userId === member.id).role).toBe(
      'clinician',
    );
    expect(find(await trail(boss), 'role_changed')).toBeUndefined();
    expect(
      (await boss.client.patch(`/api/practice/members/${member.id}`, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect(find(await trail(boss), 'role_changed', member.username)).toMatchObject({
      detail: 'clinician → admin',
    });
    // The member is told of the change, once: the first "change" sent nothing.
    const told = await smtp.waitFor(member.email, 'Your role in');
    expect(told.text).toContain('made you an admin of the practice');
    expect(told.text).toContain('invites and removes members');
    expect(
      smtp.mails.filter((m) => m.to.includes(member.email) && m.subject.startsWith('Your role')),
    ).toHaveLength(1);
  });

  it('the owner is told by mail when an invited person joins', async () => {
    const boss = await owner();
    const member = await join(boss);
    const mail = await smtp.waitFor(boss.email, `${member.username} joined`);
    expect(mail.text).toContain(`${member.username} (${member.email}) accepted the invitation`);
    expect(mail.text).toContain('as a clinician');
    expect(mail.text).toMatch(/\/practice$/m);
  });

  it("records each member's sign-ins and failures, second factors, and sign-ins to the note app", async () => {
    const boss = await owner();
    const member = await join(boss);
    // A wrong password, then the right one, from another place.
    const elsewhere = client(t.app, '192.0.2.44', CHROME);
    const wrong = await elsewhere.post('/api/login', {
      username: member.username,
      password: 'not it at all',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await elsewhere.post('/api/login', {
      username: member.username,
      password: member.password,
    });
    expect(right.statusCode).toBe(200);
    // A second factor on, then off.
    const totp = await enrolTotp(member.client, '/api/user');
    const off = await member.client.post('/api/user/2fa/totp/disable', { code: await totp.code() });
    expect(off.statusCode, off.body).toBe(200);
    // The note app: the member signs in to ChairNotes in a browser, then to the note app with it.
    const b = browser(t.appUrl);
    const login = await b.post('/api/login', { username: member.username, password: member.password });
    expect(login.status).toBe(200);
    await signInToNoteApp(t, b);

    const events = (await trail(boss)).filter((e) => e.subject === member.username);
    expect(find(events, 'sign_in_failed')).toMatchObject({
      label: 'Failed sign-in attempt',
      actor: member.username,
      ip: '192.0.2.44',
      device: 'Chrome on Linux',
    });
    expect(events.filter((e) => e.action === 'sign_in').map((e) => e.ip)).toEqual(
      expect.arrayContaining(['192.0.2.44', '127.0.0.1']),
    );
    expect(find(events, 'two_factor_enabled')).toMatchObject({ label: 'Two-factor sign-in turned on' });
    expect(find(events, 'two_factor_disabled')).toMatchObject({ label: 'Two-factor sign-in turned off' });
    expect(find(events, 'note_app_sign_in')).toMatchObject({
      label: 'Signed in to the note app',
      actor: member.username,
      detail: 'note-app',
      ip: '127.0.0.1',
    });
    // Each sign-in to the note app is one event.
    await signInToNoteApp(t, b);
    const after = (await trail(boss)).filter((e) => e.action === 'note_app_sign_in');
    expect(after.filter((e) => e.subject === member.username)).toHaveLength(2);
  });

  it("keeps a member's events after their account is deleted, and says it went", async () => {
    const boss = await owner();
    const member = await join(boss);
    const gone = await member.client.delete('/api/user', { password: member.password });
    expect(gone.statusCode, gone.body).toBe(200);
    const events = (await trail(boss)).filter((e) => e.subject === member.username);
    expect(events.map((e) => e.action)).toEqual(['member_left', 'member_joined']);
    expect(events[0]).toMatchObject({ actor: member.username, detail: 'clinician, account deleted' });
  });

  it("records a member's passkey added, used to sign in, and removed", async () => {
    const boss = await owner();
    const member = await join(boss);
    const authenticator = softwarePasskey({ origin: t.appUrl });
    const options = await member.client.post('/api/user/passkeys/registration-options');
    expect(options.statusCode, options.body).toBe(200);
    const added = await member.client.post('/api/user/passkeys/registration', {
      name: 'Surgery laptop',
      response: authenticator.register(options.json()),
    });
    expect(added.statusCode, added.body).toBe(201);
    const visitor = client(t.app, '192.0.2.77', CHROME);
    const signInOptions = await visitor.post('/api/login/passkey/options');
    const signedIn = await visitor.post('/api/login/passkey', {
      response: authenticator.assert(signInOptions.json()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await member.client.delete(`/api/user/passkeys/${added.json().id}`)).statusCode).toBe(200);

    const events = (await trail(boss)).filter((e) => e.subject === member.username);
    expect(events.slice(0, 3).map((e) => e.label)).toEqual(['Passkey removed', 'Signed in', 'Passkey added']);
    expect(events[1]).toMatchObject({ ip: '192.0.2.77', actor: member.username });
  });

  it('is read by the owner and practice admins, not by a clinician, nor by anyone outside the practice', async () => {
    const boss = await owner();
    const admin = await join(boss, 'admin');
    const clinician = await join(boss);
    const outsider = await person();
    const other = await owner();
    await join(other);

    for (const reader of [boss, admin]) {
      expect((await reader.client.get('/api/practice/audit')).statusCode).toBe(200);
      expect((await reader.client.get('/api/practice/audit.csv')).statusCode).toBe(200);
    }
    for (const url of ['/api/practice/audit', '/api/practice/audit.csv']) {
      const refused = await clinician.client.get(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only the practice's owner or an admin can do this.");
      const none = await outsider.client.get(url);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('You are not in a practice.');
    }
    // Another practice's owner sees only their own practice's events: none of these people.
    const theirs = JSON.stringify(await trail(other, '?limit=200'));
    for (const someone of [boss, admin, clinician]) {
      expect(theirs).not.toContain(someone.username);
      expect(theirs).not.toContain(someone.email);
    }
    const csv = (await other.client.get('/api/practice/audit.csv')).body;
    for (const someone of [boss, admin, clinician]) expect(csv).not.toContain(someone.username);
  });

  it('pages newest first with before and limit, and refuses a bad limit naming the field', async () => {
    const boss = await owner();
    for (let i = 0; i < 4; i++)
      expect((await boss.client.patch('/api/practice', { name: `Name ${i}` })).statusCode).toBe(200);
    const all = await trail(boss);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = (await boss.client.get('/api/practice/audit?limit=2')).json();
    expect(first.events.map((e: AuditEvent) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(first.nextBefore).toBe(all[1]!.id);
    const second = (await boss.client.get(`/api/practice/audit?limit=2&before=${first.nextBefore}`)).json();
    expect(second.events.map((e: AuditEvent) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const last = (await boss.client.get(`/api/practice/audit?before=${all.at(-1)!.id}`)).json();
    expect(last).toEqual({ events: [], nextBefore: null });
    const tooMany = await boss.client.get('/api/practice/audit?limit=1000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('limit: Must be at most 200');
  });

  it('exports CSV: UTC times, quoted where needed, and no cell a spreadsheet would run as a formula', async () => {
    const boss = await owner();
    // A user agent is anyone's text: one that starts a formula, one each for + - and @.
    const agents = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)'];
    for (const agent of agents) {
      const c = client(t.app, '192.0.2.9', agent);
      expect(
        (await c.post('/api/login', { username: boss.username, password: boss.password })).statusCode,
      ).toBe(200);
    }
    expect((await boss.client.patch('/api/practice', { name: 'Smith, Jones & "Partners"' })).statusCode).toBe(
      200,
    );
    const res = await boss.client.get('/api/practice/audit.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="chairnotes-practice-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body.replace(/^\uFEFF/, '');
    const lines = body.split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Who,What,About,Detail,Address,Device,User agent');
    expect(lines.at(-1)).toBe('');
    expect(body).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(body).toContain(",'+1+1\r\n");
    expect(body).toContain(",'-2+3\r\n");
    expect(body).toContain(",'@SUM(A1)\r\n");
    expect(body).toContain(`"${boss.username}'s practice → Smith, Jones & ""Partners"""`);
    // No cell starts with a formula character: each cell is split out of its line and checked.
    for (const line of lines.slice(1)) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [];
      for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    }
    // The four sign-ins (registering is no sign-in).
    expect(lines.filter((l) => l.includes(',Signed in,'))).toHaveLength(4);
  });

  it('exports a trail longer than one read whole, newest first, each event once', async () => {
    const boss = await owner();
    const events = 2345;
    await t.db.execute(sql`insert into practice_events (practice_id, action, detail, created_at)
      select pm.practice_id, 'practice_renamed', 'event ' || n, now() - make_interval(secs => ${events} - n)
      from practice_members pm, generate_series(1, ${events}) n where pm.user_id = ${boss.id}`);
    const res = await boss.client.get('/api/practice/audit.csv');
    expect(res.statusCode).toBe(200);
    const numbers = [...res.body.matchAll(/,event (\d+),/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: events }, (_, i) => events - i));
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Time (UTC),Who,What,About,Detail,Address,Device,User agent',
    );
  });
});

/** The database refused the statement, in the words of the tables' trigger. */
async function refused(statement: Promise<unknown>) {
  const error = await statement.then(
    () => null,
    (err: Error & { cause?: Error }) => err,
  );
  expect(error?.cause?.message ?? error?.message).toMatch(/is append-only: its rows are never changed/);
}

describe('append-only', () => {
  const insertOld = (years: number) =>
    t.db.execute(sql`insert into practice_events (practice_id, action, created_at)
      values (0, 'practice_renamed', now() - make_interval(years => ${years})) returning id`);

  it('refuses an update, a delete and a truncate made in SQL', async () => {
    const boss = await owner();
    const [event] = await trail(boss);
    // The admin area's trail is kept the same way (a row of it to refuse changing).
    await t.db.execute(
      sql`insert into admin_events (admin_id, admin_name, action) values (1, 'x', 'user_viewed')`,
    );
    for (const statement of [
      sql`update practice_events set actor_name = 'someone else' where id = ${event!.id}`,
      sql`delete from practice_events where id = ${event!.id}`,
      sql`truncate practice_events`,
      sql`update admin_events set admin_name = 'someone else'`,
      sql`delete from admin_events`,
      sql`truncate admin_events`,
    ])
      await refused(t.db.execute(statement));
    // Nor may a purge name a retention under a year, nor delete a row of now.
    const old = (await insertOld(7)).rows[0] as { id: number };
    await refused(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('chairnotes.audit_retention_days', '30', true)`);
        await tx.execute(sql`delete from practice_events where id = ${old.id}`);
      }),
    );
    await refused(t.db.execute(sql`delete from practice_events where id = ${old.id}`));
    expect((await trail(boss))[0]).toEqual(event);
  });

  it('the purge deletes the events older than AUDIT_RETENTION_DAYS, and only those', async () => {
    const old = (await insertOld(7)).rows[0] as { id: number };
    const recent = (await insertOld(5)).rows[0] as { id: number };
    await purgeAuditRows(t.db, 'practice_events', t.config.AUDIT_RETENTION_DAYS);
    const left = await t.db.execute<{ id: number }>(
      sql`select id from practice_events where id in (${old.id}, ${recent.id})`,
    );
    expect(left.rows.map((r) => r.id)).toEqual([recent.id]);
    expect(t.config.AUDIT_RETENTION_DAYS).toBe(2190);
    expect(() => loadConfig({ NODE_ENV: 'test', AUDIT_RETENTION_DAYS: '30' })).toThrow(
      /AUDIT_RETENTION_DAYS/,
    );
  });
});
