import type Stripe from 'stripe';
import type { PaidPlanId, PlanId, PracticeRole, SubscriptionStatus } from '../../shared/constants';
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
  awaitingCardSince: null,
};

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
  planOfPrice: (priceId: string) => PaidPlanId | undefined,
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
    awaitingCardSince: null,
  };
}

/** Days a failed renewal keeps the note app open (docs/decisions/066-failed-renewal-grace-and-money-mails.md). */
export const PAST_DUE_ACCESS_DAYS = 7;

type SubscriptionHolder = {
  plan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  /** Until when a failed renewal keeps access (a date, or its ISO text from a JSON column). */
  pastDueAccessUntil: Date | string | null;
};

/**
 * A subscription that gives its plan now: active (paid, or in its trial), or past_due within the
 * days a failed renewal keeps access (docs/decisions/066-failed-renewal-grace-and-money-mails.md, superseding 056's immediate closing). Not frozen.
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

/** What gives a person the note app: their own subscription, or their practice's (its owner's). */
export type Entitlement =
  | { access: true; plan: PaidPlanId; through: 'own' | 'practice' }
  | { access: false; plan: PlanId; through: null };

/**
 * Who may open the note-writing app, and through which plan: one rule, read by the menu, the API and
 * the note app's claims. A person's own subscription counts, and so does membership of a practice
 * whose subscription (its owner's) gives access, exactly as it gives the owner (docs/architecture.md#practices).
 * A member covered by their practice is on the Practice plan through it even when they also pay for
 * Plus themselves: Practice is the larger plan, and their own is one they may cancel (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md).
 */
export function noteAppEntitlement(
  user: SubscriptionHolder,
  practice: {
    role: PracticeRole;
    ownerPlan: PlanId;
    ownerStatus: SubscriptionStatus;
    ownerPastDueAccessUntil: Date | string | null;
  } | null,
  now = Date.now(),
): Entitlement {
  if (
    practice &&
    practice.role !== 'owner' &&
    practice.ownerPlan === 'clinic' &&
    givesAccess(
      {
        plan: 'clinic',
        subscriptionStatus: practice.ownerStatus,
        pastDueAccessUntil: practice.ownerPastDueAccessUntil,
      },
      now,
    )
  )
    return { access: true, plan: 'clinic', through: 'practice' };
  if (givesAccess(user, now) && user.plan !== 'free')
    return { access: true, plan: user.plan, through: 'own' };
  return { access: false, plan: user.plan, through: null };
}
