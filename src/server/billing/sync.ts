import type Stripe from 'stripe';
import type { Db, Tx } from '../db/client';
import type { User } from '../db/schema';
import { reconcilePractice } from '../practices/practice-lifecycle';
import type { Billing } from './billing';
import { billingRepo } from './billing-repo';
import { RETENTION_COUPON_ID } from './catalog';
import { awaitsCard, type SubscriptionState, stateFromSubscription } from './subscription-state';

/** Stripe statuses of a subscription that is over. */
export const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

/**
 * The customer's subscription that our state follows: the one we created last if it still lives,
 * else the newest that lives, else the newest that ended (so a cancellation shows as canceled).
 */
function pickSubscription(
  subs: Stripe.Subscription[],
  preferredId: string | null,
): Stripe.Subscription | null {
  const newestFirst = [...subs].sort((a, b) => b.created - a.created);
  const live = newestFirst.filter((s) => !ENDED.has(s.status));
  return live.find((s) => s.id === preferredId) ?? live[0] ?? newestFirst[0] ?? null;
}

/**
 * `retriesOver`: Stripe stopped retrying a failed renewal and marked the subscription `unpaid` (our
 * `past_due`): no days of access are left to it (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
 */
export type StripeSnapshot = { state: SubscriptionState; hadTrial: boolean; retriesOver: boolean };

/** A trial the person had: one whose card was confirmed (one never confirmed gave nothing, docs/decisions/063-a-trial-starts-with-its-card.md). */
export const hadTrial = (sub: Stripe.Subscription) => sub.trial_end !== null && !awaitsCard(sub);

/** Reads the customer's subscriptions from Stripe (outside any transaction: it is a network call). */
export async function readFromStripe(
  billing: Billing,
  customerId: string,
  preferredId: string | null,
): Promise<StripeSnapshot> {
  const [catalog, list] = await Promise.all([
    billing.catalog(),
    // Discounts come as bare ids unless expanded; the coupon id inside tells the retention offer apart.
    // A trial's SetupIntent, expanded, says whether its card is confirmed (subscription-state.ts).
    billing.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 20,
      expand: ['data.discounts', 'data.pending_setup_intent'],
    }),
  ]);
  const sub = pickSubscription(list.data, preferredId);
  return {
    state: stateFromSubscription(sub, catalog.planOfPrice, RETENTION_COUPON_ID),
    hadTrial: list.data.some(hadTrial),
    retriesOver: sub?.status === 'unpaid',
  };
}

/**
 * Stores the state read from Stripe, and what follows from it for the user's practice (the Practice
 * plan makes one), in the caller's transaction: the only way a subscription state is written.
 */
export async function storeSnapshot(tx: Tx, userId: number, snapshot: StripeSnapshot): Promise<User> {
  const user = await billingRepo(tx).writeState(userId, snapshot, tx);
  await reconcilePractice(tx, user);
  return user;
}

/** The one sync: re-read from Stripe and store. Called by the success page and every subscription action. */
export async function syncUser(db: Db, billing: Billing, user: User): Promise<User> {
  if (!user.stripeCustomerId) return user;
  const snapshot = await readFromStripe(billing, user.stripeCustomerId, user.stripeSubscriptionId);
  return db.transaction((tx) => storeSnapshot(tx, user.id, snapshot));
}
