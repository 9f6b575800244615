import type { FastifyBaseLogger } from 'fastify';
import { MANAGER_ROLES, policyBlock } from '../../shared/access';
import { ACCESS_REVIEW_UNSEEN_DAYS, type PracticeRole } from '../../shared/constants';
import { type CsvColumn, toCsv } from '../../shared/csv';
import type {
  AccessReview,
  Agreements,
  MemberReview,
  PracticePolicy,
  PracticePolicyChange,
  PracticePolicyRequest,
} from '../../shared/schemas/practice';
import { requireRecentAuth } from '../auth/recent-auth';
import type { UserSession } from '../auth/require';
import { usersRepo } from '../auth/users-repo';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { Client } from '../lib/client';
import { practiceTerms as terms } from '../lib/content-file';
import { conflict, forbidden, notFound } from '../lib/http-error';
import type { QueuedMail } from '../mail/mailer';
import { accessReviewMail, seatRequestMail, secondFactorRequiredMail } from '../mail/templates';
import { microsoftAccountsRepo } from '../microsoft/accounts-repo';
import { practiceAuditRepo, recordPracticeEvent } from './audit';
import { M } from './practice-service';
import { policyOf, practicesRepo } from './practices-repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Practices mailed their access review per transaction. */
const BATCH = 50;

export const G = {
  notInPractice: M.notInPractice,
  managersOnly: M.managersOnly,
  ownerOnly: M.ownerOnly,
  /** The person saving a policy must meet it first (docs/decisions/092-a-practice-sign-in-policy.md). */
  yourSecondFactorFirst:
    'Turn on a second factor for your own account (Account, Security) before you require one of your team.',
  ownerSecondFactorFirst:
    "The practice's owner has no second factor yet: they must turn one on before the practice can require one.",
  /** docs/decisions/094-sign-in-with-microsoft.md: the owner sets the tenant, theirs, and meets the rule first. */
  microsoftOwnerOnly: "Only the practice's owner can set how the team signs in with Microsoft.",
  microsoftTenantYours:
    "Link your own Microsoft account (Account, Security) first: the practice's Microsoft organisation is the one you sign in with.",
  microsoftTenantFirst: "Set the practice's Microsoft organisation before requiring Microsoft sign-in.",
  termsChanged:
    'The practice terms have changed since you opened them. Read the new version, then accept it.',
  noTerms: 'There are no practice terms to accept.',
} as const;

/** Not seen (in ChairNotes or the note app) for the review's days; a member who never signed in counts from joining. */
function unseen(
  row: { joinedAt: Date; lastSignInAt: Date | null; lastNoteAppSignInAt: Date | null },
  now: number,
) {
  const seen = Math.max(
    row.joinedAt.getTime(),
    row.lastSignInAt?.getTime() ?? 0,
    row.lastNoteAppSignInAt?.getTime() ?? 0,
  );
  return now - seen >= ACCESS_REVIEW_UNSEEN_DAYS * DAY_MS;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The note app's state where the review should say it: closed for want of a second factor. */
function noteAppNote(m: MemberReview): string {
  if (!m.noteAppBlockedReason) return '';
  return m.microsoftAccount
    ? "closed: second factor required, unless signed in with Microsoft's"
    : 'closed: second factor required';
}

/** The access review's CSV: one line per member, times in UTC (ISO 8601), every cell as text. */
const REVIEW_COLUMNS: CsvColumn<MemberReview>[] = [
  { header: 'Username', value: (m) => m.username },
  { header: 'Email', value: (m) => m.email },
  { header: 'Role', value: (m) => m.role },
  { header: 'Joined (UTC)', value: (m) => m.joinedAt },
  { header: 'Last sign-in (UTC)', value: (m) => m.lastSignInAt },
  { header: 'Last note-app sign-in (UTC)', value: (m) => m.lastNoteAppSignInAt },
  { header: 'Second factor', value: (m) => (m.twoFactor ? 'on' : 'off') },
  { header: 'Microsoft account', value: (m) => m.microsoftAccount ?? '' },
  { header: 'Note app', value: (m) => noteAppNote(m) },
  { header: 'Email verified', value: (m) => (m.emailVerified ? 'yes' : 'no') },
  { header: `Not seen for ${ACCESS_REVIEW_UNSEEN_DAYS} days`, value: (m) => (m.unseen ? 'yes' : 'no') },
];

/**
 * A practice governs its team (docs/decisions/092-a-practice-sign-in-policy.md,
 * docs/decisions/093-practice-terms-accepted-by-version.md): its sign-in policy, the review of who has
 * access, and the practice terms its owner accepts.
 */
export function governanceService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = practicesRepo(db);
  const trail = practiceAuditRepo(db);
  const appUrl = ctx.config.APP_URL;
  const samples = { samples: ctx.config.SAMPLE_CONTENT };

  /** The caller's practice and role as they are now; refused unless the role is one of `roles`. */
  async function asRole(session: UserSession, roles: readonly PracticeRole[], tx?: Tx) {
    const practiceId = session.practice?.id;
    if (!practiceId) throw notFound(G.notInPractice);
    const practice = tx ? await repo.lock(practiceId, tx) : await repo.find(practiceId);
    const me = practice && (await repo.member(practiceId, session.user.id, tx));
    if (!practice || !me) throw notFound(G.notInPractice);
    if (!roles.includes(me.role)) throw forbidden(roles.includes('admin') ? G.managersOnly : G.ownerOnly);
    return { practice, role: me.role };
  }

  async function review(practiceId: number, tx?: Tx): Promise<AccessReview> {
    const now = Date.now();
    const [rows, reviewed] = await Promise.all([
      repo.accessReview(practiceId, tx),
      trail.latest(practiceId, 'access_reviewed', tx),
    ]);
    return {
      members: rows.map(({ requireTwoFactor, ...row }) => ({
        ...row,
        noteAppBlockedReason: policyBlock(row, { requireTwoFactor }),
        joinedAt: row.joinedAt.toISOString(),
        lastSignInAt: iso(row.lastSignInAt),
        lastNoteAppSignInAt: iso(row.lastNoteAppSignInAt),
        unseen: unseen(row, now),
      })),
      unseenDays: ACCESS_REVIEW_UNSEEN_DAYS,
      generatedAt: new Date(now).toISOString(),
      lastReview: reviewed
        ? { at: reviewed.createdAt.toISOString(), by: reviewed.actorName ?? 'ChairNotes' }
        : null,
    };
  }

  /**
   * Microsoft sign-in for the team (docs/decisions/094-sign-in-with-microsoft.md): only the owner sets it;
   * the tenant is the one of the owner's own linked Microsoft account, so the owner meets the rule before
   * saving it; requiring it needs a tenant.
   */
  async function checkMicrosoftChange(
    session: UserSession,
    role: PracticeRole,
    before: PracticePolicy,
    change: PracticePolicyRequest,
    tx: Tx,
  ) {
    const tenant = change.microsoftTenant === undefined ? before.microsoftTenant : change.microsoftTenant;
    const required =
      change.microsoftTenant === null ? false : (change.requireMicrosoft ?? before.requireMicrosoft);
    if (tenant === before.microsoftTenant && required === before.requireMicrosoft) return;
    if (role !== 'owner') throw forbidden(G.microsoftOwnerOnly);
    if (required && tenant === null) throw conflict(G.microsoftTenantFirst);
    if (tenant !== null) {
      const own = await microsoftAccountsRepo(tx).ofUser(session.user.id);
      if (own?.tid !== tenant) throw conflict(G.microsoftTenantYours);
    }
  }

  /**
   * When the save requires Microsoft of a tenant it did not before (turned on, or another organisation),
   * the members' sessions not opened with a Microsoft account of it end, all but the one saving it (its
   * owner has just proved it is them and linked an account of the tenant): the rule holds from now, not
   * from each member's next sign-in (docs/decisions/104-requiring-microsoft-ends-other-sessions.md). How
   * many ended; undefined when the save did not newly require it.
   */
  async function endSessionsWithoutMicrosoft(
    session: UserSession,
    practiceId: number,
    before: PracticePolicy,
    after: PracticePolicy,
    tx: Tx,
  ): Promise<number | undefined> {
    const tenant = after.requireMicrosoft ? after.microsoftTenant : null;
    if (!tenant || (before.requireMicrosoft && before.microsoftTenant === tenant)) return undefined;
    return ctx.sessions.user.endPracticeSessionsNotFrom(practiceId, tenant, session.token, tx);
  }

  return {
    /**
     * Changes the policy (a sensitive action: fresh proof within 10 minutes). Requiring a second factor
     * needs the person saving it, and the owner, to have one: a policy that locks out the one who set it,
     * or the practice's owner, is refused. Members without one are told by mail.
     */
    async updatePolicy(
      session: UserSession,
      change: PracticePolicyRequest,
      client: Client | null,
    ): Promise<PracticePolicyChange> {
      requireRecentAuth(session);
      const queued: QueuedMail[] = [];
      const saved = await db.transaction(async (tx) => {
        const { practice, role } = await asRole(session, MANAGER_ROLES, tx);
        const before = policyOf(practice);
        await checkMicrosoftChange(session, role, before, change, tx);
        const turningOn = change.requireTwoFactor === true && !practice.requireTwoFactor;
        const people = change.requireTwoFactor ? await repo.accessReview(practice.id, tx) : [];
        // Who turns the requirement on must meet it; once on, a manager still without one (closed out of
        // the note app, not out of ChairNotes) may change the rest. The owner must meet it while it holds.
        if (turningOn && !session.twoFactor) throw conflict(G.yourSecondFactorFirst);
        if (change.requireTwoFactor && !people.find((p) => p.role === 'owner')?.twoFactor)
          throw conflict(G.ownerSecondFactorFirst);
        const capChanges = change.sessionHours !== undefined && change.sessionHours !== practice.sessionHours;
        await repo.setPolicy(
          practice.id,
          {
            requireTwoFactor: change.requireTwoFactor,
            sessionHours: change.sessionHours,
            retentionDays: change.retentionDays,
            microsoftTenant: change.microsoftTenant,
            // Forgetting the tenant lifts the requirement with it: members are not locked out.
            requireMicrosoft: change.microsoftTenant === null ? false : change.requireMicrosoft,
            ...(capChanges ? { sessionCapFrom: new Date() } : {}),
          },
          tx,
        );
        const after = {
          ...before,
          ...change,
          ...(change.microsoftTenant === null ? { requireMicrosoft: false } : {}),
        } as PracticePolicy;
        const sessionsEnded = await endSessionsWithoutMicrosoft(session, practice.id, before, after, tx);
        if (turningOn)
          for (const person of people.filter((p) => !p.twoFactor))
            queued.push(
              await ctx.mailer.enqueue(tx, secondFactorRequiredMail(person, practice.name, appUrl)),
            );
        // A save that changes nothing is no event of the trail.
        if (JSON.stringify(after) !== JSON.stringify(before))
          await recordPracticeEvent(tx, {
            practiceId: practice.id,
            action: 'policy_changed',
            actor: session.user,
            detail: describePolicyChange(before, after, sessionsEnded),
            client,
          });
        return { ...after, sessionsEnded: sessionsEnded ?? 0 };
      });
      for (const mail of queued) ctx.mailer.deliver(mail);
      // The note app's sessions from the sessions ended, and their tokens, end before the owner is
      // answered: when they read the count, none of them refreshes any more.
      if (saved.sessionsEnded > 0) await ctx.noteAppLogout.sweep();
      return saved;
    },

    /** Who has access, as the owner or an admin reviews it. */
    async accessReview(session: UserSession): Promise<AccessReview> {
      const { practice } = await asRole(session, MANAGER_ROLES);
      return review(practice.id);
    },

    /**
     * An owner or admin says they have reviewed who has access: an event of the practice's trail, with what
     * they saw, so the practice can show an auditor when the review was done and by whom.
     */
    async markReviewed(session: UserSession, client: Client | null): Promise<AccessReview> {
      const { practice } = await asRole(session, MANAGER_ROLES);
      const seen = await review(practice.id);
      const unseen = seen.members.filter((m) => m.unseen).length;
      const at = await recordPracticeEvent(db, {
        practiceId: practice.id,
        action: 'access_reviewed',
        actor: session.user,
        detail: `${seen.members.length} members reviewed; ${unseen} not seen for ${ACCESS_REVIEW_UNSEEN_DAYS} days`,
        client,
      });
      // What was just seen, with this review as the last: no second read of the members or the trail.
      return { ...seen, lastReview: { at: at.toISOString(), by: session.user.username } };
    },

    async accessReviewCsv(session: UserSession): Promise<{ csv: string; practiceName: string }> {
      const { practice } = await asRole(session, MANAGER_ROLES);
      return { csv: toCsv(REVIEW_COLUMNS, (await review(practice.id)).members), practiceName: practice.name };
    },

    /**
     * 'Need more seats?' (issue 44): the practice's details, how many seats it has and wants, and who asks,
     * to the admins' address (SALES_EMAIL), a reply going to the person who asked; recorded in the
     * practice's trail. The owner or an admin asks.
     */
    async requestSeats(
      session: UserSession,
      request: { seats: number; message: string },
      client: Client | null,
    ): Promise<void> {
      const { practice } = await asRole(session, MANAGER_ROLES);
      const [used, owner] = await Promise.all([
        repo.seatsUsed(practice.id),
        usersRepo(db).findById(practice.ownerId),
      ]);
      await recordPracticeEvent(db, {
        practiceId: practice.id,
        action: 'seats_requested',
        actor: session.user,
        detail: `${request.seats} seats in all`,
        client,
      });
      ctx.mailer.sendInBackground(
        seatRequestMail(ctx.config.SALES_EMAIL, {
          practice: { id: practice.id, name: practice.name, seats: ctx.config.PRACTICE_SEATS, used },
          owner: owner ? { username: owner.username, email: owner.email, plan: owner.plan } : null,
          requester: { username: session.user.username, email: session.user.email },
          ...request,
        }),
      );
    },

    /** The practice terms of now and the practice's acceptances (the owner and admins read them). */
    async agreements(session: UserSession): Promise<Agreements> {
      const { practice } = await asRole(session, MANAGER_ROLES);
      const [current, history] = await Promise.all([terms(samples), repo.agreements(practice.id)]);
      const accepted = history.map((a) => ({ ...a, acceptedAt: a.acceptedAt.toISOString() }));
      return {
        current,
        accepted: (current && accepted.find((a) => a.version === current.version)) ?? null,
        history: accepted,
      };
    },

    /** The owner accepts the terms of `version`, which must be the current one (what they read). */
    async accept(session: UserSession, version: string, client: Client | null): Promise<Agreements> {
      const current = await terms(samples);
      await db.transaction(async (tx) => {
        const { practice } = await asRole(session, ['owner'], tx);
        if (!current) throw notFound(G.noTerms);
        if (version !== current.version) throw conflict(G.termsChanged);
        const made = await repo.accept(
          {
            practiceId: practice.id,
            version,
            acceptedBy: session.user.id,
            acceptedByName: session.user.username,
          },
          tx,
        );
        if (made)
          await recordPracticeEvent(tx, {
            practiceId: practice.id,
            action: 'terms_accepted',
            actor: session.user,
            detail: `version ${version}`,
            client,
          });
      });
      return this.agreements(session);
    },

    /**
     * Mails each owner due it the month's access review (a month after the last, or after the practice
     * began). Each practice is claimed in the transaction that queues its mail, so instances running this
     * together send each once.
     */
    async sendDueAccessReviews(log: FastifyBaseLogger, now = new Date()): Promise<number> {
      const monthAgo = new Date(now);
      monthAgo.setUTCMonth(monthAgo.getUTCMonth() - 1);
      const queued: QueuedMail[] = [];
      // In batches, each its own transaction, until a batch is not full: none is left due.
      for (let claimed = BATCH; claimed === BATCH; ) {
        claimed = await db.transaction(async (tx) => {
          const due = await repo.claimDueAccessReviews(monthAgo, now, tx, BATCH);
          for (const practice of due) {
            const members = (await review(practice.id, tx)).members;
            const owner = members.find((m) => m.role === 'owner');
            if (!owner) continue;
            const mail = accessReviewMail(
              owner,
              {
                practiceName: practice.name,
                members: members.length,
                withoutSecondFactor: members.filter((m) => !m.twoFactor).length,
                unseen: members.filter((m) => m.unseen).map((m) => m.username),
                unseenDays: ACCESS_REVIEW_UNSEEN_DAYS,
              },
              appUrl,
            );
            queued.push(await ctx.mailer.enqueue(tx, mail));
          }
          return due.length;
        });
      }
      for (const mail of queued) ctx.mailer.deliver(mail);
      if (queued.length) log.info({ count: queued.length }, 'monthly access reviews sent');
      return queued.length;
    },
  };
}

/**
 * What a policy change changed, in the trail's words: 'Second factor required: no → yes; Retention: 30 → 7
 * days'; with how many sessions requiring Microsoft ended, when it did.
 */
function describePolicyChange(before: PracticePolicy, after: PracticePolicy, sessionsEnded?: number): string {
  const hours = (h: number | null) => (h === null ? 'the usual limits' : `${h} hours`);
  const parts = [
    before.requireTwoFactor !== after.requireTwoFactor &&
      `Second factor required: ${before.requireTwoFactor ? 'yes' : 'no'} → ${after.requireTwoFactor ? 'yes' : 'no'}`,
    before.sessionHours !== after.sessionHours &&
      `Session length: ${hours(before.sessionHours)} → ${hours(after.sessionHours)}`,
    before.retentionDays !== after.retentionDays &&
      `Retention: ${before.retentionDays} → ${after.retentionDays} days`,
    before.microsoftTenant !== after.microsoftTenant &&
      `Microsoft organisation: ${before.microsoftTenant ?? 'none'} → ${after.microsoftTenant ?? 'none'}`,
    before.requireMicrosoft !== after.requireMicrosoft &&
      `Microsoft sign-in required: ${before.requireMicrosoft ? 'yes' : 'no'} → ${after.requireMicrosoft ? 'yes' : 'no'}`,
    sessionsEnded !== undefined &&
      `${sessionsEnded} ${sessionsEnded === 1 ? 'session' : 'sessions'} not opened with Microsoft ended`,
  ];
  return parts.filter(Boolean).join('; ');
}
