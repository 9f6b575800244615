import type Stripe from 'stripe';
import type { PaidPlanId, PlanId, SubscriptionStatus } from '../../shared/constants';
import { isLiveSubscription } from '../../shared/subscription';

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
};

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * Our status for a Stripe subscription (design.md section 2). Stripe keeps a frozen subscription
 * 'active' and says so in pause_collection, so that is read too.
 */
export function mapStatus(sub: Pick<Stripe.Subscription, 'status' | 'pause_collection'>): SubscriptionStatus {
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
  planOfPrice: (priceId: string) => PaidPlanId | undefined,
  retentionCouponId: string,
): SubscriptionState {
  if (!sub) return NO_SUBSCRIPTION;
  const status = mapStatus(sub);
  const item = sub.items.data[0];
  const paidPlan = item ? planOfPrice(item.price.id) : undefined;
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
    trialEndsAt: sub.status === 'trialing' ? date(sub.trial_end) : null,
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end || Boolean(sub.cancel_at && status === 'active'),
    pausedUntil: date(sub.pause_collection?.resumes_at),
    hasDiscount: couponIds.includes(retentionCouponId),
  };
}

/** Days a failed renewal keeps the note app open (decision 066). */
export const PAST_DUE_ACCESS_DAYS = 7;

type SubscriptionHolder = {
  plan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  /** Until when a failed renewal keeps access (a date, or its ISO text from a JSON column). */
  pastDueAccessUntil: Date | string | null;
};

/**
 * A subscription that gives its plan now: active (paid, or in its trial), or past_due within the
 * days a failed renewal keeps access (decision 066, superseding 056's immediate closing). Not frozen.
 */
function givesAccess(holder: SubscriptionHolder, now: number): boolean {
  if (holder.plan === 'free') return false;
  if (holder.subscriptionStatus === 'active') return true;
  return (
    holder.subscriptionStatus === 'past_due' &&
    holder.pastDueAccessUntil !== null &&
    new Date(holder.pastDueAccessUntil).getTime() > now
  );
}

/**
 * Who may open the note-writing app, and through which plan: one rule, read by the menu, the API and
 * the note app's claims. A person's own subscription counts, and so does membership of a practice
 * whose subscription (its owner's) gives access, exactly as it gives the owner (design.md section 10).
 */
export function noteAppEntitlement(
  user: SubscriptionHolder,
  practice: {
    ownerPlan: PlanId;
    ownerStatus: SubscriptionStatus;
    ownerPastDueAccessUntil: Date | string | null;
  } | null,
  now = Date.now(),
): { access: boolean; plan: PlanId } {
  if (givesAccess(user, now)) return { access: true, plan: user.plan };
  if (
    practice?.ownerPlan === 'clinic' &&
    givesAccess(
      {
        plan: 'clinic',
        subscriptionStatus: practice.ownerStatus,
        pastDueAccessUntil: practice.ownerPastDueAccessUntil,
      },
      now,
    )
  )
    return { access: true, plan: 'clinic' };
  return { access: false, plan: user.plan };
}
