// @module-tag database-differences: the purge's deletes by the database's clock (vitest.config.ts).
/**
 * Expired sessions and reset tokens (and security events past a year, audit events past their retention)
 * are deleted while the app runs (docs/architecture.md#safety): the app purges them on a timer of its own,
 * which the test moves on by an hour.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import {
  adminEvents,
  adminSessions,
  emailTokens,
  microsoftSignInsUsed,
  noteReportDays,
  noteReports,
  passwordResetTokens,
  practiceEvents,
  securityEvents,
  userSessions,
} from '../../src/server/db/schema';
import { PURGE_EVERY_MS } from '../../src/server/purge';
import { createTestApp, signedInUser } from '../support/app';
import { mintSession } from '../support/routes';

// Only the interval is faked: the database and the requests keep their real timers.
vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
const t = await createTestApp();
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60 * 1000;

it('deletes expired sessions, reset tokens, email links and Microsoft sign-ins used within the hour, and keeps the live ones', async () => {
  const user = await signedInUser(t.app);
  const { admin } = await adminsRepo(t.db).upsert({
    username: 'purgeboss',
    email: 'purgeboss@example.com',
    passwordHash: 'not used',
  });
  const expired = new Date(Date.now() - DAY);
  const live = new Date(Date.now() + DAY);
  await mintSession(t.app, 'user', user.id);
  await mintSession(t.app, 'admin', admin.id);
  await t.db.execute(sql`update user_sessions set expires_at = ${expired.toISOString()}`);
  await t.db.execute(sql`update admin_sessions set expires_at = ${expired.toISOString()}`);
  const liveToken = await mintSession(t.app, 'user', user.id);
  await t.db.insert(passwordResetTokens).values([
    { id: 'expired-token-hash', userId: user.id, expiresAt: expired },
    { id: 'live-token-hash', userId: user.id, expiresAt: live },
  ]);
  // Beside the registration's verification link (live for a day).
  await t.db.insert(emailTokens).values({
    id: 'expired-link-hash',
    userId: user.id,
    purpose: 'change',
    email: 'x@example.com',
    expiresAt: expired,
  });
  // A Microsoft sign-in used whose cookie has expired is of no more use; one whose cookie lives is kept.
  await t.db.insert(microsoftSignInsUsed).values([
    { jti: 'expired-sign-in', expiresAt: expired },
    { jti: 'live-sign-in', expiresAt: live },
  ]);
  const count = async () => ({
    userSessions: (await t.db.select().from(userSessions)).length,
    adminSessions: (await t.db.select().from(adminSessions)).length,
    resetTokens: (await t.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)).map(
      (r) => r.id,
    ),
    emailLinks: (await t.db.select({ id: emailTokens.id }).from(emailTokens)).length,
    microsoftSignInsUsed: (
      await t.db.select({ jti: microsoftSignInsUsed.jti }).from(microsoftSignInsUsed)
    ).map((r) => r.jti),
  });
  // The registration's session and the one minted for the user both expired; the last one lives.
  expect(await count()).toEqual({
    userSessions: 3,
    adminSessions: 1,
    resetTokens: ['expired-token-hash', 'live-token-hash'],
    emailLinks: 2,
    microsoftSignInsUsed: ['expired-sign-in', 'live-sign-in'],
  });

  vi.advanceTimersByTime(PURGE_EVERY_MS);
  // Three deletes on a busy machine: the wait ends as soon as they have run.
  await vi.waitFor(
    async () =>
      expect(await count()).toEqual({
        userSessions: 1,
        adminSessions: 0,
        resetTokens: ['live-token-hash'],
        emailLinks: 1,
        microsoftSignInsUsed: ['live-sign-in'],
      }),
    { timeout: 10_000 },
  );
  const stillSignedIn = await t.app.inject({ url: '/api/user', cookies: { cn_session: liveToken } });
  expect(stillSignedIn.statusCode).toBe(200);
});

it('deletes security events older than a year, and keeps the recent ones the Security tab shows', async () => {
  const user = await signedInUser(t.app);
  const old = new Date(Date.now() - 366 * DAY);
  await t.db.insert(securityEvents).values({ userId: user.id, type: 'password_changed', createdAt: old });
  const types = async () =>
    (
      await t.db
        .select({ type: securityEvents.type })
        .from(securityEvents)
        .where(eq(securityEvents.userId, user.id))
    )
      .map((r) => r.type)
      .sort();
  // Registering signed the person in: that event is recent.
  expect(await types()).toEqual(['password_changed', 'sign_in']);

  vi.advanceTimersByTime(PURGE_EVERY_MS);
  await vi.waitFor(async () => expect(await types()).toEqual(['sign_in']), { timeout: 10_000 });
});

it('deletes audit events older than AUDIT_RETENTION_DAYS (six years), and keeps the younger ones', async () => {
  // docs/decisions/090-practice-and-admin-audit-trails.md: the one delete the audit tables allow.
  const at = (days: number) => new Date(Date.now() - days * DAY);
  await t.db.insert(practiceEvents).values([
    { practiceId: 1, action: 'practice_renamed', detail: 'past keeping', createdAt: at(2191) },
    { practiceId: 1, action: 'practice_renamed', detail: 'kept', createdAt: at(2189) },
  ]);
  await t.db.insert(adminEvents).values([
    { adminId: 1, adminName: 'x', action: 'list_viewed', detail: 'past keeping', createdAt: at(2191) },
    { adminId: 1, adminName: 'x', action: 'list_viewed', detail: 'kept', createdAt: at(2189) },
  ]);
  const left = async () => ({
    practice: (await t.db.select({ detail: practiceEvents.detail }).from(practiceEvents)).map(
      (r) => r.detail,
    ),
    admin: (await t.db.select({ detail: adminEvents.detail }).from(adminEvents)).map((r) => r.detail),
  });
  expect(await left()).toEqual({ practice: ['past keeping', 'kept'], admin: ['past keeping', 'kept'] });

  vi.advanceTimersByTime(PURGE_EVERY_MS);
  await vi.waitFor(async () => expect(await left()).toEqual({ practice: ['kept'], admin: ['kept'] }), {
    timeout: 10_000,
  });
});

it("deletes the note app's reports of notes finished more than NOTE_REPORT_RETENTION_DAYS ago, and keeps the daily totals", async () => {
  const user = await signedInUser(t.app);
  const report = (noteId: string, days: number) => {
    const finishedAt = new Date(Date.now() - days * DAY);
    return {
      clientId: 'note-app',
      noteId,
      userId: user.id,
      practiceId: null,
      finishedAt,
      day: finishedAt.toISOString().slice(0, 10),
      appointmentType: 'examination' as const,
      audioSeconds: 60,
      editSeconds: 10,
      criteriaSet: 'fgdp-record-keeping',
      criteria: {},
      patientSentiment: null,
      lettersTreatment: 0,
      lettersConsent: 0,
      lettersReferral: 0,
    };
  };
  await t.db.insert(noteReports).values([report('past-keeping', 731), report('kept', 729)]);
  await t.db.insert(noteReportDays).values({
    practiceId: null,
    userId: user.id,
    appointmentType: 'examination',
    day: report('x', 731).day,
    notes: 1,
    audioSeconds: 60,
    editSeconds: 10,
    lettersTreatment: 0,
    lettersConsent: 0,
    lettersReferral: 0,
    positive: 0,
    neutral: 0,
    negative: 0,
  });
  const left = async () => ({
    reports: (
      await t.db
        .select({ noteId: noteReports.noteId })
        .from(noteReports)
        .where(eq(noteReports.userId, user.id))
    ).map((r) => r.noteId),
    days: (await t.db.select().from(noteReportDays).where(eq(noteReportDays.userId, user.id))).length,
  });
  expect(await left()).toEqual({ reports: ['past-keeping', 'kept'], days: 1 });

  vi.advanceTimersByTime(PURGE_EVERY_MS);
  await vi.waitFor(async () => expect(await left()).toEqual({ reports: ['kept'], days: 1 }), {
    timeout: 10_000,
  });
});
