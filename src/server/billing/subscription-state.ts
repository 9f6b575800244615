import type Stripe from 'stripe';
import { isLiveSubscription } from '../../shared/access';
import type { BillingInterval, PlanId, SubscriptionStatus } from '../../shared/constants';
import type { PricedPlan } from './catalog';

/** Everything our users row says about a subscription: written whole, from Stripe, by billing/sync.ts. */
export type SubscriptionState = {
  plan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  stripeSubscriptionId: string | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pausedUntil: Date | null;
  hasDiscount: boolean;
  billingInterval: BillingInterval;
  /** The renewal was moved past the period paid for (RENEWAL_MOVED_KEY). */
  renewalMoved: boolean;
  /** When the subscription we follow was made, while its trial still waits for the card (else null). */
  awaitingCardSince: Date | null;
};

export const NO_SUBSCRIPTION: SubscriptionState = {
  plan: 'free',
  subscriptionStatus: 'inactive',
  stripeSubscriptionId: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pausedUntil: null,
  hasDiscount: false,
  billingInterval: 'month',
  renewalMoved: false,
  awaitingCardSince: null,
};

/**
 * Metadata on a subscription whose renewal we moved later by Stripe's `trial_end` (a yearly freeze, a
 * booked switch to monthly at the year's end): the days until it are paid for, not a trial
 * (docs/decisions/096-yearly-plans.md).
 */
export const RENEWAL_MOVED_KEY = 'chairnotes_renewal_moved';

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

type CardFields = Pick<Stripe.Subscription, 'trial_end' | 'pending_setup_intent' | 'default_payment_method'>;

/**
 * A trial whose card was never confirmed (docs/decisions/063-a-trial-starts-with-its-card.md). Stripe makes a SetupIntent for a trial's
 * card (`pending_setup_intent`) and clears it once it succeeds; with `save_default_payment_method:
 * 'on_subscription'` the card becomes the subscription's default then. A SetupIntent expanded and
 * already `succeeded` counts as confirmed too, should the subscription be read before Stripe clears it.
 */
export function awaitsCard(sub: CardFields): boolean {
  if (sub.trial_end === null || sub.default_payment_method) return false;
  const intent = sub.pending_setup_intent;
  if (!intent) return false;
  return typeof intent === 'string' || intent.status !== 'succeeded';
}

/**
 * Our status for a Stripe subscription (docs/architecture.md#settled-points). Stripe keeps a frozen subscription
 * 'active' and says so in pause_collection, so that is read too. A trial without its confirmed card
 * has not started: inactive, as a first payment that never completed.
 */
export function mapStatus(
  sub: Pick<Stripe.Subscription, 'status' | 'pause_collection'> & CardFields,
): SubscriptionStatus {
  if (awaitsCard(sub)) return 'inactive';
  switch (sub.status) {
    case 'trialing':
    case 'active':
      return sub.pause_collection ? 'paused' : 'active';
    case 'paused':
      return 'paused';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // 'incomplete': the first payment never completed.
      return 'inactive';
  }
}

/** The state to store for a subscription, or for none. `planOfPrice` maps our Stripe price ids to plans. */
export function stateFromSubscription(
  sub: Stripe.Subscription | null,
  planOfPrice: (priceId: string) => PricedPlan | undefined,
  retentionCouponId: string,
): SubscriptionState {
  if (!sub) return NO_SUBSCRIPTION;
  // Nothing to say of a subscription that never got its card but that it is there to be picked up
  // (the subscribe page resumes it) and, while it lives, since when (after a day it is cancelled).
  if (awaitsCard(sub))
    return {
      ...NO_SUBSCRIPTION,
      stripeSubscriptionId: sub.id,
      awaitingCardSince: sub.status === 'trialing' ? date(sub.created) : null,
    };
  const status = mapStatus(sub);
  const item = sub.items.data[0];
  const priced = item ? planOfPrice(item.price.id) : undefined;
  const paidPlan = priced?.plan;
  // Trialing only because we moved the renewal: paid-for days, so no trial is shown or priced as one.
  const renewalMoved = sub.status === 'trialing' && Boolean(sub.metadata?.[RENEWAL_MOVED_KEY]);
  const couponIds = (sub.discounts ?? []).map((d) =>
    typeof d === 'string'
      ? d
      : typeof d.source?.coupon === 'string'
        ? d.source.coupon
        : (d.source?.coupon?.id ?? ''),
  );
  return {
    // A plan is held while the subscription lives; an ended or never-paid one leaves the user on free.
    plan: isLiveSubscription(status) && paidPlan ? paidPlan : 'free',
    subscriptionStatus: status,
    stripeSubscriptionId: sub.id,
    trialEndsAt: sub.status === 'trialing' && !renewalMoved ? date(sub.trial_end) : null,
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end || Boolean(sub.cancel_at && status === 'active'),
    pausedUntil: date(sub.pause_collection?.resumes_at),
    hasDiscount: couponIds.includes(retentionCouponId),
    billingInterval: priced?.interval ?? (item?.price.recurring?.interval === 'year' ? 'year' : 'month'),
    renewalMoved,
    awaitingCardSince: null,
  };
}
