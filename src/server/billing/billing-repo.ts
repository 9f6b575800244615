import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import { PAST_DUE_ACCESS_DAYS } from '../../shared/access';
import type { BillingDetails } from '../../shared/schemas/billing';
import type { Db, Tx } from '../db/client';
import { lease } from '../db/lease';
import { type User, users } from '../db/schema';
import { NO_SUBSCRIPTION } from './subscription-state';
import type { StripeSnapshot } from './sync';

/**
 * Until when a failed renewal keeps access, written with the state it follows from (docs/decisions/066-failed-renewal-grace-and-money-mails.md): the
 * first write that finds the subscription past_due sets it 7 days on, later ones (a replayed or late
 * event, another sync) keep it, so the days never start again; Stripe's retries ending close it now;
 * any other status clears it.
 */
function pastDueAccessUntil(snapshot: StripeSnapshot, now = Date.now()): SQL | null {
  if (snapshot.state.subscriptionStatus !== 'past_due') return null;
  const kept = sql`coalesce(${users.pastDueAccessUntil}, ${new Date(now + PAST_DUE_ACCESS_DAYS * 86_400_000)})`;
  return snapshot.retriesOver ? sql`least(${kept}, ${new Date(now)})` : kept;
}

/** A user's billing columns; each write may join the caller's transaction. */
export function billingRepo(db: Db | Tx) {
  const creation = lease(users, 'subscriptionClaimedAt');
  const byId = (userId: number) => eq(users.id, userId);

  return {
    async findByCustomer(customerId: string, tx: Db | Tx = db): Promise<User | undefined> {
      const [user] = await tx.select().from(users).where(eq(users.stripeCustomerId, customerId));
      return user;
    },

    async setCustomer(userId: number, customerId: string, tx: Db | Tx = db): Promise<void> {
      await tx.update(users).set({ stripeCustomerId: customerId }).where(byId(userId));
    },

    /** The invoice the bank wants confirmed and where, or null once it is paid. */
    async setPaymentAction(
      userId: number,
      action: { invoiceId: string; url: string } | null,
      tx: Db | Tx = db,
    ): Promise<User> {
      const [user] = await tx
        .update(users)
        .set({ paymentActionInvoiceId: action?.invoiceId ?? null, paymentActionUrl: action?.url ?? null })
        .where(byId(userId))
        .returning();
      return user!;
    },

    async setBillingDetails(userId: number, details: BillingDetails, tx: Db | Tx = db): Promise<void> {
      await tx.update(users).set({ billingDetails: details }).where(byId(userId));
    },

    /** Points the user at a subscription; the first one they ever had is remembered (referral codes apply to it). */
    async setSubscription(
      userId: number,
      subscriptionId: string,
      firstSubscriptionId: string | undefined,
      tx: Db | Tx = db,
    ): Promise<void> {
      await tx
        .update(users)
        .set({
          stripeSubscriptionId: subscriptionId,
          ...(firstSubscriptionId ? { firstSubscriptionId } : {}),
        })
        .where(byId(userId));
    },

    /** Writes the whole state at once: never a field at a time, so no two sources can interleave. */
    async writeState(userId: number, snapshot: StripeSnapshot, tx: Db | Tx = db): Promise<User> {
      const [user] = await tx
        .update(users)
        .set({
          ...snapshot.state,
          pastDueAccessUntil: pastDueAccessUntil(snapshot),
          ...(snapshot.hadTrial ? { hadTrial: true } : {}),
          subscriptionSyncedAt: new Date(),
        })
        .where(byId(userId))
        .returning();
      return user!;
    },

    /**
     * Hands a subscription over (a practice's, with its Stripe customer, invoices and card) from one
     * user to another, who has none that lives: the giver is left with none, as one who never subscribed.
     */
    async moveSubscription(fromId: number, toId: number, tx: Db | Tx = db): Promise<void> {
      const [from] = await tx.select().from(users).where(byId(fromId));
      if (!from) return;
      const moved = {
        stripeCustomerId: from.stripeCustomerId,
        stripeSubscriptionId: from.stripeSubscriptionId,
        plan: from.plan,
        subscriptionStatus: from.subscriptionStatus,
        trialEndsAt: from.trialEndsAt,
        currentPeriodEnd: from.currentPeriodEnd,
        cancelAtPeriodEnd: from.cancelAtPeriodEnd,
        pausedUntil: from.pausedUntil,
        pastDueAccessUntil: from.pastDueAccessUntil,
        hasDiscount: from.hasDiscount,
        billingInterval: from.billingInterval,
        renewalMoved: from.renewalMoved,
        awaitingCardSince: from.awaitingCardSince,
        subscriptionSyncedAt: from.subscriptionSyncedAt,
      };
      // The customer id is unique: the giver lets go of it before the taker holds it.
      await tx
        .update(users)
        .set({
          ...NO_SUBSCRIPTION,
          pastDueAccessUntil: null,
          stripeCustomerId: null,
          subscriptionSyncedAt: null,
        })
        .where(byId(fromId));
      await tx.update(users).set(moved).where(byId(toId));
    },

    /** Users whose trial has waited for its card since `cutoff` or before (the sweep's, docs/decisions/063-a-trial-starts-with-its-card.md). */
    async awaitingCardSince(cutoff: Date, limit: number, tx: Db | Tx = db): Promise<User[]> {
      return tx.select().from(users).where(lte(users.awaitingCardSince, cutoff)).limit(limit);
    },

    /** The right to create the user's subscription, one request at a time: when it was taken, or null. */
    claimCreation: (userId: number, tx: Db | Tx = db) => creation.claim(tx, byId(userId)),
    releaseCreation: (userId: number, tx: Db | Tx = db) => creation.release(tx, byId(userId)),

    /** Takes the once-per-user retention offer; false when it was already taken. */
    async claimRetentionOffer(userId: number, tx: Db | Tx = db): Promise<boolean> {
      const claimed = await tx
        .update(users)
        .set({ retentionOfferUsed: true })
        .where(and(byId(userId), eq(users.retentionOfferUsed, false)))
        .returning({ id: users.id });
      return claimed.length > 0;
    },

    async giveBackRetentionOffer(userId: number, tx: Db | Tx = db): Promise<void> {
      await tx.update(users).set({ retentionOfferUsed: false }).where(byId(userId));
    },
  };
}
