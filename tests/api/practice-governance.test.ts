import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { G, governanceService } from '../../src/server/practices/governance-service';
import {
  asClient,
  type Browser,
  browser,
  oauthError,
  oidcApp,
  type register,
  signInToNoteApp,
  subscribeInBrowser,
  verifiedPerson,
} from '../support/oidc';
import { startSmtpCatcher } from '../support/smtp';
import { enrolledAdmin, enrolTotp } from '../support/two-factor';

// A practice governs its team (docs/decisions/092-a-practice-sign-in-policy.md,
// docs/decisions/093-practice-terms-accepted-by-version.md): its sign-in policy, enforced where the note
// app signs in and refreshes; the review of who has access; the practice terms its owner accepts.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await oidcApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000' });
afterEach(() => {
  vi.useRealTimers();
});

type Person = Awaited<ReturnType<typeof register>> & { b: Browser };
/** A practice that has not set Microsoft sign-in (docs/decisions/094-sign-in-with-microsoft.md). */
const NO_MICROSOFT = { microsoftTenant: null, requireMicrosoft: false };

async function call(b: Browser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) {
  const res = await b.request(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: () => JSON.parse(text),
  };
}

const person = (app = t): Promise<Person> => verifiedPerson(app, smtp);
const subscribe = (b: Browser, planId: 'pro' | 'clinic', app = t) => subscribeInBrowser(app, b, planId);

/** An owner of a practice (Practice plan, card confirmed) with an admin and a clinician in it. */
async function practice(app = t) {
  const owner = await person(app);
  await subscribe(owner.b, 'clinic', app);
  const join = async (role: 'admin' | 'clinician') => {
    const member = await person(app);
    const invited = await owner.b.post('/api/practice/invitations', { email: member.email, role });
    expect(invited.status).toBe(201);
    const token = /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(
      (await smtp.waitFor(member.email, 'You are invited to join a practice')).text,
    )![1]!;
    expect((await member.b.post('/api/practice/join', { token })).status).toBe(200);
    return member;
  };
  const admin = await join('admin');
  const clinician = await join('clinician');
  const { practice } = (await (await owner.b.request('/api/user')).json()) as { practice: { id: number } };
  return { owner, admin, clinician, practiceId: practice.id };
}

/** Turns TOTP on for the person (the helper takes the inject client's shape; the browser's answers alike). */
const enrol = (p: Person) => enrolTotp(asClient(p.b) as never, '/api/user');
const policy = (p: Person, body: object) => call(p.b, 'PATCH', '/api/practice/policy', body);
const me = async (p: Person) => (await call(p.b, 'GET', '/api/user')).json();

describe('the sign-in policy', () => {
  it('is validated field by field, in words a person can act on', async () => {
    const { owner } = await practice();
    const cases: [object, string][] = [
      [{ sessionHours: 0 }, 'sessionHours: Session length must be between 1 and 720 hours'],
      [{ sessionHours: 721 }, 'sessionHours: Session length must be between 1 and 720 hours'],
      [
        { sessionHours: 1.5 },
        'sessionHours: Session length must be a whole number of hours, between 1 and 720',
      ],
      [{ sessionHours: '8' }, 'sessionHours: Session length must be between 1 and 720 hours'],
      [{ retentionDays: 14 }, 'retentionDays: Retention must be 1, 7, 30 or 90 days'],
      [{ requireTwoFactor: 'yes' }, 'requireTwoFactor: Choose whether a second factor is required'],
      // Nothing to save is the caller's mistake, said as one: never the database's 500.
      [{}, 'Nothing to change: send at least one setting'],
    ];
    for (const [body, message] of cases) {
      const res = await policy(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // The usual limits and a retention of 30 days, until the practice says otherwise.
    expect((await call(owner.b, 'GET', '/api/practice')).json().policy).toEqual({
      requireTwoFactor: false,
      sessionHours: null,
      retentionDays: 30,
      ...NO_MICROSOFT,
    });
    const saved = await policy(owner, { sessionHours: 12, retentionDays: 7 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json()).toEqual({
      requireTwoFactor: false,
      sessionHours: 12,
      retentionDays: 7,
      ...NO_MICROSOFT,
      sessionsEnded: 0,
    });
    // What is left out stays; null lifts the cap.
    expect((await policy(owner, { sessionHours: null })).json()).toEqual({
      requireTwoFactor: false,
      sessionHours: null,
      retentionDays: 7,
      ...NO_MICROSOFT,
      sessionsEnded: 0,
    });
  });

  it('is the owner’s and the admins’: a clinician is refused, someone in no practice finds none, another practice is untouched', async () => {
    const first = await practice();
    const other = await practice();
    expect((await policy(first.admin, { retentionDays: 1 })).status).toBe(200);
    const clinician = await policy(first.clinician, { retentionDays: 90 });
    expect(clinician.status).toBe(403);
    expect(clinician.json().message).toBe(G.managersOnly);
    const outsider = await person();
    const none = await policy(outsider, { retentionDays: 90 });
    expect(none.status).toBe(404);
    expect(none.json().message).toBe(G.notInPractice);

    expect((await policy(other.owner, { retentionDays: 90 })).status).toBe(200);
    expect((await call(first.owner.b, 'GET', '/api/practice')).json().policy.retentionDays).toBe(1);
    expect((await call(other.owner.b, 'GET', '/api/practice')).json().policy.retentionDays).toBe(90);
  });

  it('is a sensitive action: without fresh proof it asks for it', async () => {
    const { owner } = await practice();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const stale = await policy(owner, { retentionDays: 1 });
    expect(stale.status).toBe(403);
    expect(stale.json()).toMatchObject({ reauthRequired: true });
    expect((await owner.b.post('/api/user/reauth', { password: owner.password })).status).toBe(200);
    expect((await policy(owner, { retentionDays: 1 })).status).toBe(200);
  });

  it('requiring a second factor: the one saving it and the owner must have one first', async () => {
    const { owner, admin } = await practice();
    const ownerFirst = await policy(owner, { requireTwoFactor: true });
    expect(ownerFirst.status).toBe(409);
    expect(ownerFirst.json().message).toBe(G.yourSecondFactorFirst);

    await enrol(admin);
    const adminSaving = await policy(admin, { requireTwoFactor: true });
    expect(adminSaving.status).toBe(409);
    expect(adminSaving.json().message).toBe(G.ownerSecondFactorFirst);
    expect((await call(owner.b, 'GET', '/api/practice')).json().policy.requireTwoFactor).toBe(false);

    await enrol(owner);
    expect((await policy(admin, { requireTwoFactor: true })).json().requireTwoFactor).toBe(true);
  });

  it('once it is required, a practice admin still without one may change the rest, the whole form sent', async () => {
    const { owner, admin } = await practice();
    await enrol(owner);
    expect((await policy(owner, { requireTwoFactor: true })).status).toBe(200);
    const saved = await policy(admin, { requireTwoFactor: true, sessionHours: 8, retentionDays: 7 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json()).toMatchObject({ requireTwoFactor: true, sessionHours: 8, retentionDays: 7 });
  });
});

describe('the policy at the note app', () => {
  it('with a second factor required, a member without one is closed out at sign-in and at refresh, is told, and gets in once enrolled', async () => {
    const { owner, clinician, practiceId } = await practice();
    const before = await signInToNoteApp(t, clinician.b);
    // Policy off: access, no reason, and the practice's retention.
    expect(before.tokens.claims()).toMatchObject({
      note_app_access: true,
      plan: 'clinic',
      practice: { id: practiceId, role: 'clinician', retention_days: 30 },
    });
    expect(before.tokens.claims()).not.toHaveProperty('access_blocked_reason');

    await enrol(owner);
    const on = await policy(owner, { requireTwoFactor: true, retentionDays: 7 });
    expect(on.status, on.text).toBe(200);
    // The owner's review says whom it closes out: the admin and the clinician, not the owner who has one.
    const reviewed = (await call(owner.b, 'GET', '/api/practice/members')).json().members;
    expect(reviewed.map((m: { noteAppBlockedReason: string | null }) => m.noteAppBlockedReason)).toEqual([
      null,
      'two_factor_required',
      'two_factor_required',
    ]);
    const csv = (await call(owner.b, 'GET', '/api/practice/members.csv')).text;
    expect(csv).toContain(`${clinician.username},`);
    expect(csv.split('\r\n').find((line) => line.startsWith(`${clinician.username},`))).toContain(
      ',off,,closed: second factor required,',
    );

    // At the next refresh...
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, before.tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({
      note_app_access: false,
      access_blocked_reason: 'two_factor_required',
      practice: { id: practiceId, retention_days: 7 },
    });
    const info = await oidc.fetchUserInfo(t.noteApp, refreshed.access_token, refreshed.claims()!.sub);
    expect(info).toMatchObject({ note_app_access: false, access_blocked_reason: 'two_factor_required' });
    // ...and at a new sign-in.
    const again = await signInToNoteApp(t, clinician.b);
    expect(again.tokens.claims()).toMatchObject({
      note_app_access: false,
      access_blocked_reason: 'two_factor_required',
    });
    // The account stays; the app says why, and a mail takes them to enrol.
    expect(await me(clinician)).toMatchObject({
      noteAppAccess: false,
      noteAppBlockedReason: 'two_factor_required',
    });
    const mail = await smtp.waitFor(
      clinician.email,
      `${owner.username}'s practice asks you to turn on two-factor sign-in`,
    );
    // The practice's trail says the sign-in stayed closed, and why; the one before the policy opened.
    const signIns = (await call(owner.b, 'GET', '/api/practice/audit'))
      .json()
      .events.filter(
        (e: { action: string; subject: string }) =>
          e.action === 'note_app_sign_in' && e.subject === clinician.username,
      )
      .map((e: { detail: string }) => e.detail);
    expect(signIns).toEqual(['note-app: access closed, the practice requires a second factor', 'note-app']);
    expect(mail.text).toContain(`${t.appUrl}/account?tab=security`);
    // The owner, who has one, keeps access.
    expect((await signInToNoteApp(t, owner.b)).tokens.claims()).toMatchObject({ note_app_access: true });

    // Enrolled: open at the very next refresh.
    await enrol(clinician);
    const open = await oidc.refreshTokenGrant(t.noteApp, again.tokens.refresh_token!);
    expect(open.claims()).toMatchObject({ note_app_access: true, plan: 'clinic' });
    expect(open.claims()).not.toHaveProperty('access_blocked_reason');
    expect(await me(clinician)).toMatchObject({ noteAppAccess: true, noteAppBlockedReason: null });
  });

  it('an invitation from a practice that requires a second factor says so before they join', async () => {
    const { owner } = await practice();
    await enrol(owner);
    expect((await policy(owner, { requireTwoFactor: true })).status).toBe(200);
    const invitee = await person();
    const invited = await owner.b.post('/api/practice/invitations', {
      email: invitee.email,
      role: 'clinician',
    });
    expect(invited.status).toBe(201);
    const mail = await smtp.waitFor(invitee.email, 'You are invited to join a practice');
    expect(mail.text).toContain(
      `${owner.username}'s practice asks everyone to sign in with a second factor (an authenticator app or a passkey): the note app opens for you once you have turned one on.`,
    );
  });

  it('turned off again, a member without a second factor has access and no reason', async () => {
    const { owner, clinician } = await practice();
    await enrol(owner);
    expect((await policy(owner, { requireTwoFactor: true })).status).toBe(200);
    const blocked = await signInToNoteApp(t, clinician.b);
    expect(blocked.tokens.claims()).toMatchObject({ note_app_access: false });
    expect((await policy(owner, { requireTwoFactor: false })).status).toBe(200);
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, blocked.tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ note_app_access: true });
    expect(refreshed.claims()).not.toHaveProperty('access_blocked_reason');
  });

  it('sessionHours caps a member’s ChairNotes session and the note app’s refresh, counted from when it was set', {
    tags: ['database-differences'],
  }, async () => {
    const { owner, clinician } = await practice();
    const { tokens } = await signInToNoteApp(t, clinician.b);
    expect((await policy(owner, { sessionHours: 2 })).status).toBe(200);
    const setAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });

    // An hour on: both go on.
    vi.setSystemTime(setAt + 60 * 60_000);
    expect((await call(clinician.b, 'GET', '/api/user')).status).toBe(200);
    const within = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    expect(within.claims()).toMatchObject({ note_app_access: true });

    // Past two hours: the note app's refresh is refused, and the ChairNotes session has ended.
    vi.setSystemTime(setAt + 2 * 60 * 60_000 + 60_000);
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, within.refresh_token!))).toBe('invalid_grant');
    expect((await call(clinician.b, 'GET', '/api/user')).status).toBe(401);
  });

  it('a session past the cap is no longer listed among the member’s devices', {
    tags: ['database-differences'],
  }, async () => {
    const { owner, clinician, practiceId } = await practice();
    expect((await policy(owner, { sessionHours: 2 })).status).toBe(200);
    // The cap was set, and the member's first session began, an hour and a half ago (moved back in the
    // database, whose clock is its own on PostgreSQL); they sign in on a second device now: its two hours
    // count from now.
    await t.db.execute(
      sql`update user_sessions set created_at = now() - interval '90 minutes' where user_id = ${clinician.id}`,
    );
    await t.db.execute(
      sql`update practices set session_cap_from = now() - interval '90 minutes' where id = ${practiceId}`,
    );
    const phone = browser(t.appUrl);
    expect(
      (await phone.post('/api/login', { username: clinician.username, password: clinician.password })).status,
    ).toBe(200);
    const devices = async () =>
      (await call(phone, 'GET', '/api/user/security'))
        .json()
        .sessions.map((s: { current: boolean }) => s.current);
    expect(await devices()).toEqual([true, false]);

    // Past the first session's cap, unused since: the Security tab lists only the phone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect(await devices()).toEqual([true]);
  });
});

describe('the access review', () => {
  it('lists each member with role, joined, sign-ins, second factor and verified address, and marks those not seen for 90 days', async () => {
    const { owner, admin, clinician } = await practice();
    await enrol(admin);
    await signInToNoteApp(t, clinician.b);
    await t.db.execute(
      sql`update practice_members set joined_at = now() - interval '200 days' where user_id = ${admin.id}`,
    );
    await t.db.execute(
      sql`update users set last_login_at = now() - interval '100 days' where id = ${admin.id}`,
    );

    const res = await call(owner.b, 'GET', '/api/practice/members');
    expect(res.status).toBe(200);
    const review = res.json();
    expect(review.unseenDays).toBe(90);
    expect(review.members.map((m: { username: string }) => m.username)).toEqual([
      owner.username,
      admin.username,
      clinician.username,
    ]);
    const [o, a, c] = review.members;
    expect(o).toMatchObject({ role: 'owner', twoFactor: false, emailVerified: true, unseen: false });
    expect(a).toMatchObject({ role: 'admin', twoFactor: true, unseen: true, lastNoteAppSignInAt: null });
    expect(c).toMatchObject({
      role: 'clinician',
      twoFactor: false,
      unseen: false,
      noteAppBlockedReason: null,
    });
    expect(Date.now() - Date.parse(c.lastNoteAppSignInAt)).toBeLessThan(60_000);
    expect(c.lastSignInAt).toEqual(expect.any(String));

    // An admin may review it too; a clinician may not; someone in no practice finds none.
    expect((await call(admin.b, 'GET', '/api/practice/members')).status).toBe(200);
    const refused = await call(clinician.b, 'GET', '/api/practice/members');
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe(G.managersOnly);
    expect((await call(clinician.b, 'GET', '/api/practice/members.csv')).status).toBe(403);
    const outsider = await person();
    expect((await call(outsider.b, 'GET', '/api/practice/members')).status).toBe(404);
    expect((await call(outsider.b, 'GET', '/api/practice/members.csv')).status).toBe(404);

    // Another practice's owner sees only their own people.
    const other = await practice();
    const theirs = (await call(other.owner.b, 'GET', '/api/practice/members')).json();
    expect(theirs.members.map((m: { email: string }) => m.email)).not.toContain(owner.email);
    expect(theirs.members).toHaveLength(3);
  });

  it('downloads as CSV, each cell text: a name starting with = + - @ is never a formula', async () => {
    const { owner, admin, clinician } = await practice();
    await t.db.execute(sql`update users set username = '=HYPERLINK("http://x","y")' where id = ${admin.id}`);
    await t.db.execute(
      sql`update users set username = '+SUM(1,2)', email = '-2+3@example.com' where id = ${clinician.id}`,
    );
    await t.db.execute(sql`update users set email = '@cmd@example.com' where id = ${owner.id}`);
    const res = await call(owner.b, 'GET', '/api/practice/members.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="chairnotes-access-review-.+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Username,Email,Role,Joined (UTC),Last sign-in (UTC),Last note-app sign-in (UTC),Second factor,Microsoft account,Note app,Email verified,Not seen for 90 days',
    );
    expect(lines[1]).toMatch(new RegExp(`^${owner.username},'@cmd@example.com,owner,`));
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/x"",""y""\)",/);
    expect(lines[3]).toMatch(/^"'\+SUM\(1,2\)",'-2\+3@example.com,clinician,/);
    expect(lines[3]).toMatch(/,off,,,yes,no$/);
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(1, -1))
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('marked as reviewed, says when and by whom, and the practice’s audit trail records it with what was seen', async () => {
    const { owner, admin, clinician } = await practice();
    expect((await call(owner.b, 'GET', '/api/practice/members')).json().lastReview).toBeNull();

    const marked = await call(admin.b, 'POST', '/api/practice/members/reviewed');
    expect(marked.status).toBe(200);
    const { lastReview } = marked.json();
    expect(lastReview.by).toBe(admin.username);
    expect(Date.now() - Date.parse(lastReview.at)).toBeLessThan(60_000);
    // The owner sees the admin's review.
    expect((await call(owner.b, 'GET', '/api/practice/members')).json().lastReview).toEqual(lastReview);

    const trail = (await call(owner.b, 'GET', '/api/practice/audit')).json();
    expect(trail.events[0]).toMatchObject({
      action: 'access_reviewed',
      actor: admin.username,
      detail: '3 members reviewed; 0 not seen for 90 days',
    });

    // Only the owner and admins review; someone in no practice finds none.
    const refused = await call(clinician.b, 'POST', '/api/practice/members/reviewed');
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe(G.managersOnly);
    expect((await call((await person()).b, 'POST', '/api/practice/members/reviewed')).status).toBe(404);
  });

  it('is mailed to each owner once a month, with a link to review', async () => {
    const { owner, clinician } = await practice();
    await t.db.execute(
      sql`update users set last_login_at = now() - interval '120 days' where id = ${clinician.id}`,
    );
    await t.db.execute(
      sql`update practice_members set joined_at = now() - interval '120 days' where user_id = ${clinician.id}`,
    );
    const governance = governanceService(t.app.ctx);
    // Not due before a month has passed since the practice began.
    const subject = 'Your monthly review of who has access to';
    const mailsToOwner = () =>
      smtp.mails.filter((m) => m.to.includes(owner.email) && m.subject.startsWith(subject));
    await governance.sendDueAccessReviews(t.app.log);
    expect(mailsToOwner()).toHaveLength(0);

    const monthOn = new Date(Date.now() + 32 * 86_400_000);
    expect(await governance.sendDueAccessReviews(t.app.log, monthOn)).toBeGreaterThan(0);
    const mail = await smtp.waitFor(owner.email, subject);
    expect(mail.text).toContain('3 people with access');
    expect(mail.text).toContain(`Not seen for 90 days or more: ${clinician.username}`);
    expect(mail.text).toContain(`${t.appUrl}/practice#access-review`);
    // Once: a second run (another instance, the next hour) finds it sent.
    await governance.sendDueAccessReviews(t.app.log, monthOn);
    expect(mailsToOwner()).toHaveLength(1);
  });
});

describe('the practice terms', () => {
  // No operator's terms in the repository: the tests read the sample (SAMPLE_CONTENT, tests/support/app.ts).
  const file = readFileSync(new URL('../../content/samples/practice-terms.md', import.meta.url), 'utf8');
  const version = createHash('sha256').update(file).digest('hex');

  it('without the operator’s terms nor the setting, no owner is asked to accept any', async () => {
    const bare = await oidcApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000', SAMPLE_CONTENT: 'false' });
    try {
      const { owner, admin } = await practice(bare);
      for (const who of [owner, admin]) {
        const res = await call(who.b, 'GET', '/api/practice/agreements');
        expect(res.status).toBe(200);
        expect(res.json()).toEqual({ current: null, accepted: null, history: [] });
      }
      const refused = await call(owner.b, 'POST', '/api/practice/agreements', { version });
      expect(refused.status).toBe(404);
      expect(refused.json()).toEqual({ message: 'There are no practice terms to accept.' });
      expect(await bare.db.execute(sql`select 1 from practice_agreements`)).toMatchObject({ rows: [] });
    } finally {
      await bare.close();
    }
  });

  it('are the operator’s file, versioned by its hash; the sample says it is one', async () => {
    expect(file).toMatch(/this is a sample/i);
    const { owner } = await practice();
    const res = await call(owner.b, 'GET', '/api/practice/agreements');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ current: { version, text: file }, accepted: null, history: [] });
  });

  it('the owner accepts the current version, recorded with who and when; a new version asks again', async () => {
    const { owner, admin, clinician, practiceId } = await practice();
    const stale = await call(owner.b, 'POST', '/api/practice/agreements', { version: 'f'.repeat(64) });
    expect(stale.status).toBe(409);
    expect(stale.json().message).toBe(G.termsChanged);
    const byAdmin = await call(admin.b, 'POST', '/api/practice/agreements', { version });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json().message).toBe(G.ownerOnly);

    const accepted = await call(owner.b, 'POST', '/api/practice/agreements', { version });
    expect(accepted.status, accepted.text).toBe(200);
    const { accepted: acceptance, history } = accepted.json();
    expect(acceptance).toMatchObject({ version, acceptedBy: owner.username });
    expect(Date.now() - Date.parse(acceptance.acceptedAt)).toBeLessThan(60_000);
    expect(history).toHaveLength(1);
    // Accepting again changes nothing.
    expect(
      (await call(owner.b, 'POST', '/api/practice/agreements', { version })).json().history,
    ).toHaveLength(1);
    // The admin reads it; a clinician does not.
    expect((await call(admin.b, 'GET', '/api/practice/agreements')).json().accepted.version).toBe(version);
    expect((await call(clinician.b, 'GET', '/api/practice/agreements')).status).toBe(403);
    expect((await call((await person()).b, 'GET', '/api/practice/agreements')).status).toBe(404);

    // The operator's file changes (here: what was accepted is an older text): accepted is null again.
    await t.db.execute(
      sql`update practice_agreements set version = ${'0'.repeat(64)} where practice_id = ${practiceId}`,
    );
    const asked = (await call(owner.b, 'GET', '/api/practice/agreements')).json();
    expect(asked.accepted).toBeNull();
    expect(asked.history).toEqual([
      expect.objectContaining({ version: '0'.repeat(64), acceptedBy: owner.username }),
    ]);
    expect(
      (await call(owner.b, 'POST', '/api/practice/agreements', { version })).json().history,
    ).toHaveLength(2);
  });

  it('the admin area lists which version each practice accepted, and whether it is the current one', async () => {
    const { client: adminClient } = await enrolledAdmin(t, {
      username: 'termsboss',
      email: 'termsboss@example.com',
      password: 'terms admin secret',
    });
    const first = await practice();
    const second = await practice();
    expect((await call(first.owner.b, 'POST', '/api/practice/agreements', { version })).status).toBe(200);
    await t.db.execute(sql`insert into practice_agreements (practice_id, version, accepted_by_name)
      values (${second.practiceId}, ${'0'.repeat(64)}, 'someone')`);
    const list = (await adminClient.get('/api/admin/practices')).json() as {
      id: number;
      terms: { version: string; current: boolean } | null;
    }[];
    expect(list.find((p) => p.id === first.practiceId)?.terms).toMatchObject({ version, current: true });
    expect(list.find((p) => p.id === second.practiceId)?.terms).toMatchObject({ current: false });
    const none = (await practice()).practiceId;
    const again = (await adminClient.get('/api/admin/practices')).json() as typeof list;
    expect(again.find((p) => p.id === none)?.terms).toBeNull();
  });
});
