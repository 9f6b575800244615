import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { InvitedRole, PracticeRole, RetentionDays } from '../../shared/constants';
import type { PracticeInvitation, PracticeMember, PracticePolicy } from '../../shared/schemas/practice';
import { hasSecondFactor } from '../auth/second-factors';
import type { Db, Tx } from '../db/client';
import {
  microsoftAccounts,
  type Practice,
  practiceAgreements,
  practiceInvitations,
  practiceMembers,
  practices,
  users,
} from '../db/schema';

/** A practice's sign-in policy, as the API answers it (docs/decisions/092-a-practice-sign-in-policy.md). */
export function policyOf(practice: Practice): PracticePolicy {
  return {
    requireTwoFactor: practice.requireTwoFactor,
    sessionHours: practice.sessionHours,
    retentionDays: practice.retentionDays as RetentionDays,
    microsoftTenant: practice.microsoftTenant,
    requireMicrosoft: practice.requireMicrosoft,
  };
}

/** An invitation that still holds a seat: neither accepted nor withdrawn, and not expired. */
const open = () => and(isNull(practiceInvitations.acceptedAt), isNull(practiceInvitations.withdrawnAt));
const pending = () => and(open(), gt(practiceInvitations.expiresAt, sql`now()`));

/** Practices, their members and invitations; each call may join the caller's transaction. */
export function practicesRepo(db: Db | Tx) {
  return {
    /**
     * The practice `ownerId` owns, made with its owner as a member: its id, or null when they own one
     * already.
     */
    async createForOwner(ownerId: number, name: string, tx: Db | Tx = db): Promise<number | null> {
      const [practice] = await tx
        .insert(practices)
        .values({ name, ownerId })
        .onConflictDoNothing()
        .returning({ id: practices.id });
      if (!practice) return null;
      await tx.insert(practiceMembers).values({ practiceId: practice.id, userId: ownerId, role: 'owner' });
      return practice.id;
    },

    async ownedBy(ownerId: number, tx: Db | Tx = db): Promise<Practice | undefined> {
      const [practice] = await tx.select().from(practices).where(eq(practices.ownerId, ownerId));
      return practice;
    },

    /**
     * Locks the practice's row for the rest of the transaction: seat counts and membership changes of
     * one practice happen one at a time, so 20 invitations racing for the last seat make exactly one.
     */
    async lock(practiceId: number, tx: Tx): Promise<Practice | undefined> {
      const [practice] = await tx.select().from(practices).where(eq(practices.id, practiceId)).for('update');
      return practice;
    },

    async find(practiceId: number, tx: Db | Tx = db): Promise<Practice | undefined> {
      const [practice] = await tx.select().from(practices).where(eq(practices.id, practiceId));
      return practice;
    },

    async rename(practiceId: number, name: string, tx: Db | Tx = db): Promise<void> {
      await tx.update(practices).set({ name }).where(eq(practices.id, practiceId));
    },

    /** The owner first, then everyone in the order they joined. */
    async members(practiceId: number, tx: Db | Tx = db): Promise<PracticeMember[]> {
      const rows = await tx
        .select({
          userId: practiceMembers.userId,
          username: users.username,
          email: users.email,
          role: practiceMembers.role,
          joinedAt: practiceMembers.joinedAt,
        })
        .from(practiceMembers)
        .innerJoin(users, eq(users.id, practiceMembers.userId))
        .where(eq(practiceMembers.practiceId, practiceId))
        .orderBy(sql`${practiceMembers.role} = 'owner' desc`, asc(practiceMembers.joinedAt));
      return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
    },

    async member(practiceId: number, userId: number, tx: Db | Tx = db) {
      const [row] = await tx
        .select({ role: practiceMembers.role, username: users.username, email: users.email })
        .from(practiceMembers)
        .innerJoin(users, eq(users.id, practiceMembers.userId))
        .where(and(eq(practiceMembers.practiceId, practiceId), eq(practiceMembers.userId, userId)));
      return row;
    },

    /** Everyone but the owner: the people a practice's news goes to. */
    async membersButOwner(practiceId: number, tx: Db | Tx = db) {
      return tx
        .select({ username: users.username, email: users.email })
        .from(practiceMembers)
        .innerJoin(users, eq(users.id, practiceMembers.userId))
        .where(and(eq(practiceMembers.practiceId, practiceId), ne(practiceMembers.role, 'owner')));
    },

    /** Adds a member; the unique index on user_id refuses a person already in a practice (the caller maps it). */
    async addMember(practiceId: number, userId: number, role: PracticeRole, tx: Db | Tx = db) {
      await tx.insert(practiceMembers).values({ practiceId, userId, role });
    },

    /** Removes a member who is not the owner; false when there was no such member. */
    async removeMember(practiceId: number, userId: number, tx: Db | Tx = db): Promise<boolean> {
      const removed = await tx
        .delete(practiceMembers)
        .where(
          and(
            eq(practiceMembers.practiceId, practiceId),
            eq(practiceMembers.userId, userId),
            ne(practiceMembers.role, 'owner'),
          ),
        )
        .returning({ userId: practiceMembers.userId });
      return removed.length > 0;
    },

    async setRole(practiceId: number, userId: number, role: PracticeRole, tx: Db | Tx = db) {
      await tx
        .update(practiceMembers)
        .set({ role })
        .where(and(eq(practiceMembers.practiceId, practiceId), eq(practiceMembers.userId, userId)));
    },

    /** Makes `toUserId` the owner and `fromUserId` an admin, in the caller's transaction. */
    async transferOwnership(practiceId: number, fromUserId: number, toUserId: number, tx: Tx) {
      // The owner's row steps down first: one owner per practice is a unique index.
      await this.setRole(practiceId, fromUserId, 'admin', tx);
      await this.setRole(practiceId, toUserId, 'owner', tx);
      await tx.update(practices).set({ ownerId: toUserId }).where(eq(practices.id, practiceId));
    },

    /** Deletes the practice `ownerId` owns if nobody else is in it (its invitations go with it). */
    async deleteIfAlone(ownerId: number, tx: Db | Tx = db): Promise<void> {
      await tx
        .delete(practices)
        .where(
          and(
            eq(practices.ownerId, ownerId),
            sql`not exists (select 1 from ${practiceMembers} where ${practiceMembers.practiceId} = ${practices.id} and ${practiceMembers.role} <> 'owner')`,
          ),
        );
    },

    /** Members and pending invitations: the seats taken. */
    async seatsUsed(practiceId: number, tx: Db | Tx = db): Promise<number> {
      const [members] = await tx
        .select({ n: count() })
        .from(practiceMembers)
        .where(eq(practiceMembers.practiceId, practiceId));
      const [invited] = await tx
        .select({ n: count() })
        .from(practiceInvitations)
        .where(and(eq(practiceInvitations.practiceId, practiceId), pending()));
      return (members?.n ?? 0) + (invited?.n ?? 0);
    },

    async pendingInvitations(practiceId: number, tx: Db | Tx = db): Promise<PracticeInvitation[]> {
      const rows = await tx
        .select({
          id: practiceInvitations.id,
          email: practiceInvitations.email,
          role: practiceInvitations.role,
          invitedAt: practiceInvitations.createdAt,
          expiresAt: practiceInvitations.expiresAt,
        })
        .from(practiceInvitations)
        .where(and(eq(practiceInvitations.practiceId, practiceId), pending()))
        .orderBy(asc(practiceInvitations.createdAt));
      return rows.map((r) => ({
        ...r,
        invitedAt: r.invitedAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
      }));
    },

    /** The open invitation (pending or expired, not used or withdrawn) of this practice to `email`. */
    async openInvitationTo(practiceId: number, email: string, tx: Db | Tx = db) {
      const [row] = await tx
        .select()
        .from(practiceInvitations)
        .where(
          and(eq(practiceInvitations.practiceId, practiceId), eq(practiceInvitations.email, email), open()),
        );
      return row;
    },

    /** One of this practice's pending invitations by id. */
    async pendingInvitation(practiceId: number, id: number, tx: Db | Tx = db) {
      const [row] = await tx
        .select()
        .from(practiceInvitations)
        .where(
          and(eq(practiceInvitations.practiceId, practiceId), eq(practiceInvitations.id, id), pending()),
        );
      return row;
    },

    async createInvitation(
      values: {
        practiceId: number;
        email: string;
        role: InvitedRole;
        tokenHash: string;
        invitedBy: number;
        expiresAt: Date;
      },
      tx: Db | Tx = db,
    ): Promise<void> {
      await tx.insert(practiceInvitations).values(values);
    },

    /** A new link and a new week for an open invitation (resent, or the same address invited again). */
    async reissueInvitation(
      id: number,
      values: { tokenHash: string; expiresAt: Date; role?: InvitedRole; invitedBy: number },
      tx: Db | Tx = db,
    ): Promise<void> {
      await tx
        .update(practiceInvitations)
        .set({ ...values, createdAt: new Date() })
        .where(eq(practiceInvitations.id, id));
    },

    /** Withdraws an open invitation: what it was (its address and role), or nothing when none was open. */
    async withdrawInvitation(practiceId: number, id: number, tx: Db | Tx = db) {
      const [withdrawn] = await tx
        .update(practiceInvitations)
        .set({ withdrawnAt: new Date() })
        .where(and(eq(practiceInvitations.practiceId, practiceId), eq(practiceInvitations.id, id), open()))
        .returning({ email: practiceInvitations.email, role: practiceInvitations.role });
      return withdrawn;
    },

    /** The invitation a link's token stands for, whatever became of it, with its practice and inviter. */
    async invitationByToken(tokenHash: string, tx: Db | Tx = db) {
      const [row] = await tx
        .select({
          invitation: practiceInvitations,
          practiceName: practices.name,
          microsoftTenant: practices.microsoftTenant,
          requireMicrosoft: practices.requireMicrosoft,
          invitedBy: users.username,
        })
        .from(practiceInvitations)
        .innerJoin(practices, eq(practices.id, practiceInvitations.practiceId))
        .leftJoin(users, eq(users.id, practiceInvitations.invitedBy))
        .where(eq(practiceInvitations.tokenHash, tokenHash));
      return row;
    },

    /** Uses the invitation up; false when it is no longer pending (used, withdrawn, expired, or a racing join won). */
    async acceptInvitation(id: number, tx: Db | Tx = db): Promise<boolean> {
      const accepted = await tx
        .update(practiceInvitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(practiceInvitations.id, id), pending()))
        .returning({ id: practiceInvitations.id });
      return accepted.length > 0;
    },

    /** Writes the sign-in policy (only the fields given). */
    async setPolicy(
      practiceId: number,
      policy: Partial<
        Pick<
          Practice,
          | 'requireTwoFactor'
          | 'sessionHours'
          | 'sessionCapFrom'
          | 'retentionDays'
          | 'microsoftTenant'
          | 'requireMicrosoft'
        >
      >,
      tx: Db | Tx = db,
    ): Promise<void> {
      // A key left undefined is a setting left as it is: with none given, there is no update to run.
      if (Object.values(policy).every((value) => value === undefined)) return;
      await tx.update(practices).set(policy).where(eq(practices.id, practiceId));
    },

    /** Each member as the access review shows them: sign-ins, second factor, verified address. */
    async accessReview(practiceId: number, tx: Db | Tx = db) {
      return tx
        .select({
          userId: practiceMembers.userId,
          username: users.username,
          email: users.email,
          role: practiceMembers.role,
          joinedAt: practiceMembers.joinedAt,
          lastSignInAt: users.lastLoginAt,
          lastNoteAppSignInAt: users.lastNoteAppSignInAt,
          twoFactor: hasSecondFactor('user', users.id),
          microsoftAccount: microsoftAccounts.username,
          emailVerified: users.emailVerified,
          requireTwoFactor: practices.requireTwoFactor,
        })
        .from(practiceMembers)
        .innerJoin(users, eq(users.id, practiceMembers.userId))
        .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
        .leftJoin(microsoftAccounts, eq(microsoftAccounts.userId, practiceMembers.userId))
        .where(eq(practiceMembers.practiceId, practiceId))
        .orderBy(sql`${practiceMembers.role} = 'owner' desc`, asc(practiceMembers.joinedAt));
    },

    /**
     * Practices whose owner is due the monthly access review (last mailed, or begun, by `before`), each
     * claimed (marked sent `at`) in the caller's transaction; at most `limit`.
     */
    async claimDueAccessReviews(before: Date, at: Date, tx: Tx, limit: number): Promise<Practice[]> {
      const due = await tx
        .select({ id: practices.id })
        .from(practices)
        .where(sql`coalesce(${practices.accessReviewMailedAt}, ${practices.createdAt}) <= ${before}`)
        .orderBy(asc(practices.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(practices)
        .set({ accessReviewMailedAt: at })
        .where(
          sql`${practices.id} in (${sql.join(
            due.map((d) => sql`${d.id}`),
            sql`, `,
          )})`,
        )
        .returning();
    },

    /** The practice's acceptances of its terms, the latest first. */
    async agreements(practiceId: number, tx: Db | Tx = db) {
      return tx
        .select({
          version: practiceAgreements.version,
          acceptedAt: practiceAgreements.acceptedAt,
          acceptedBy: practiceAgreements.acceptedByName,
        })
        .from(practiceAgreements)
        .where(eq(practiceAgreements.practiceId, practiceId))
        .orderBy(desc(practiceAgreements.acceptedAt), desc(practiceAgreements.id));
    },

    /** Records an acceptance; a version accepted already is left as it was (false). */
    async accept(
      values: { practiceId: number; version: string; acceptedBy: number; acceptedByName: string },
      tx: Db | Tx = db,
    ): Promise<boolean> {
      const made = await tx
        .insert(practiceAgreements)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: practiceAgreements.id });
      return made.length > 0;
    },

    /** Records that the members were told the subscription ended (or clears it: it lives again). */
    async setEndedNotice(practiceId: number, at: Date | null, tx: Db | Tx = db): Promise<void> {
      await tx.update(practices).set({ endedNoticeAt: at }).where(eq(practices.id, practiceId));
    },
  };
}
