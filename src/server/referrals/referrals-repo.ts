import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { lease } from '../db/lease';
import { referralInvitations, referrals, type User, users } from '../db/schema';

export type Referral = typeof referrals.$inferSelect;

/** Referrals, invitations and referral credits; each call may join the caller's transaction. */
export function referralsRepo(db: Db | Tx) {
  const payment = lease(referrals, 'creditClaimedAt');
  const pendingFor = (friendId: number) =>
    and(eq(referrals.friendUserId, friendId), eq(referrals.status, 'pending'));

  return {
    async findReferrer(code: string, tx: Db | Tx = db): Promise<User | undefined> {
      const [user] = await tx.select().from(users).where(eq(users.referralCode, code));
      return user;
    },

    /** The code that brought this user in, if any. */
    async codeUsedBy(friendId: number, tx: Db | Tx = db): Promise<string | undefined> {
      const [used] = await tx
        .select({ code: referrals.referralCode })
        .from(referrals)
        .where(eq(referrals.friendUserId, friendId));
      return used?.code;
    },

    /** The code applied to the friend's subscription being set up: their referral while it is pending. */
    async pendingCodeOf(friendId: number, tx: Db | Tx = db): Promise<string | undefined> {
      const [pending] = await tx
        .select({ code: referrals.referralCode })
        .from(referrals)
        .where(pendingFor(friendId));
      return pending?.code;
    },

    /** Takes the friend's pending referral back (the code removed, or its coupon refused); the row taken. */
    async deletePending(friendId: number, tx: Db | Tx = db): Promise<Referral | undefined> {
      const [removed] = await tx.delete(referrals).where(pendingFor(friendId)).returning();
      return removed;
    },

    /** The referrer's referrals, the latest first (at most `limit`). */
    async listFor(referrerId: number, limit: number, tx: Db | Tx = db): Promise<Referral[]> {
      return tx
        .select()
        .from(referrals)
        .where(eq(referrals.referrerId, referrerId))
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
        .limit(limit);
    },

    async countsFor(referrerId: number, tx: Db | Tx = db) {
      const [row] = await tx
        .select({
          total: count(),
          pending: sql<number>`count(*) filter (where ${referrals.status} = 'pending')`.mapWith(Number),
          completed: sql<number>`count(*) filter (where ${referrals.status} = 'completed')`.mapWith(Number),
        })
        .from(referrals)
        .where(eq(referrals.referrerId, referrerId));
      return { total: row?.total ?? 0, pending: row?.pending ?? 0, completed: row?.completed ?? 0 };
    },

    /** Records the friend's referral, pending; undefined when the friend already has one (a lost race). */
    async create(
      referral: { referrerId: number; referralCode: string; friendEmail: string; friendUserId: number },
      tx: Db | Tx = db,
    ): Promise<Referral | undefined> {
      try {
        const [created] = await tx.insert(referrals).values(referral).returning();
        return created;
      } catch (error) {
        if (uniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async invitedSince(
      referrerId: number,
      friendEmail: string,
      days: number,
      tx: Db | Tx = db,
    ): Promise<boolean> {
      const [recent] = await tx
        .select({ id: referralInvitations.id })
        .from(referralInvitations)
        .where(
          and(
            eq(referralInvitations.referrerId, referrerId),
            eq(referralInvitations.friendEmail, friendEmail),
            gt(referralInvitations.createdAt, sql`now() - make_interval(days => ${days})`),
          ),
        );
      return Boolean(recent);
    },

    async recordInvitation(referrerId: number, friendEmail: string, tx: Db | Tx = db): Promise<void> {
      await tx.insert(referralInvitations).values({ referrerId, friendEmail });
    },

    async expirePending(friendId: number, tx: Db | Tx = db): Promise<void> {
      await tx.update(referrals).set({ status: 'expired' }).where(pendingFor(friendId));
    },

    /** pending → completed, in one conditional update; undefined when nothing was pending. */
    async completePending(friendId: number, tx: Db | Tx = db): Promise<Referral | undefined> {
      const [referral] = await tx
        .update(referrals)
        .set({ status: 'completed', completedAt: new Date() })
        .where(pendingFor(friendId))
        .returning();
      return referral;
    },

    async findById(id: number, tx: Db | Tx = db): Promise<Referral | undefined> {
      const [referral] = await tx.select().from(referrals).where(eq(referrals.id, id));
      return referral;
    },

    /** The user's row, locked until the transaction ends. */
    async lockUser(id: number, tx: Db | Tx = db): Promise<User | undefined> {
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return user;
    },

    async rewardsInLastYear(referrerId: number, tx: Db | Tx = db): Promise<number> {
      const [rewarded] = await tx
        .select({ n: count() })
        .from(referrals)
        .where(
          and(
            eq(referrals.referrerId, referrerId),
            isNotNull(referrals.creditAmount),
            gt(referrals.completedAt, sql`now() - interval '12 months'`),
          ),
        );
      return rewarded?.n ?? 0;
    },

    async setRewardNote(id: number, note: string | null, tx: Db | Tx = db): Promise<void> {
      await tx.update(referrals).set({ rewardNote: note }).where(eq(referrals.id, id));
    },

    /** Leaves the reward undecided until the referrer verifies their email; `note` says so in the admin. */
    async holdReward(id: number, note: string, tx: Db | Tx = db): Promise<void> {
      await tx.update(referrals).set({ rewardHeld: true, rewardNote: note }).where(eq(referrals.id, id));
    },

    /** The referrer's held rewards, no longer held: one conditional update, so each is taken once. */
    async takeHeldRewards(referrerId: number, tx: Db | Tx = db): Promise<Referral[]> {
      return tx
        .update(referrals)
        .set({ rewardHeld: false, rewardNote: null })
        .where(and(eq(referrals.referrerId, referrerId), eq(referrals.rewardHeld, true)))
        .returning();
    },

    /** Decides the referrer's reward: the credit owed in pence, and one more free month on their count. */
    async grantCredit(referral: Referral, pence: number, tx: Db | Tx = db): Promise<void> {
      await tx.update(referrals).set({ creditAmount: pence }).where(eq(referrals.id, referral.id));
      await tx
        .update(users)
        .set({ referralCredits: sql`${users.referralCredits} + 1` })
        .where(eq(users.id, referral.referrerId));
    },

    /** Credits decided but not yet held by Stripe, with the referrer's Stripe customer. */
    owedCredits(tx: Db | Tx = db) {
      return tx
        .select({ id: referrals.id, amount: referrals.creditAmount, customer: users.stripeCustomerId })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.referrerId))
        .where(and(isNotNull(referrals.creditAmount), isNull(referrals.creditedAt)));
    },

    /** The right to pay this credit, one payer at a time: when it was taken, or null. */
    claimPayment: (id: number, tx: Db | Tx = db) =>
      payment.claim(tx, and(eq(referrals.id, id), isNull(referrals.creditedAt))),
    releasePayment: (id: number, tx: Db | Tx = db) => payment.release(tx, eq(referrals.id, id)),

    async markCredited(id: number, tx: Db | Tx = db): Promise<void> {
      await tx.update(referrals).set({ creditedAt: new Date() }).where(eq(referrals.id, id));
    },
  };
}
