import type { SubscriptionStatus } from './constants';

/** The statuses in which a subscription holds its plan: it can be frozen, cancelled or discounted. */
const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'paused', 'past_due'];

/** A live subscription: the user has one (a new one is refused) and its plan stays theirs. */
export function isLiveSubscription(status: SubscriptionStatus): boolean {
  return LIVE_STATUSES.includes(status);
}
