import type Stripe from 'stripe';
import { withVat } from '../../shared/access';
import type { Billing } from '../billing/billing';
import { REFERRAL_COUPON_ID } from '../billing/catalog';
import { addDiscount, removeDiscount } from '../billing/discounts';

/** Marks a yearly subscription whose first renewal a referral moved a month later (so it is done once). */
const REFERRAL_MONTH_KEY = 'chairnotes_referral_month';

/** The same moment a calendar month later (or earlier), as Stripe counts a month. */
function monthFrom(seconds: number, months: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
}

const isYearly = (sub: Stripe.Subscription) => sub.items.data[0]?.price.recurring?.interval === 'year';

/**
 * Moves the subscription's next invoice by `months`, with no proration: the friend's month is added
 * to the end of the period they are in (their trial, while the code is applied), so that invoice and
 * every renewal after it come a month later.
 */
async function moveEnd(billing: Billing, sub: Stripe.Subscription, months: number, key: string) {
  const end = sub.trial_end ?? sub.items.data[0]?.current_period_end;
  if (!end) return;
  const { vatRateId } = await billing.catalog();
  await billing.stripe.subscriptions.update(
    sub.id,
    {
      trial_end: monthFrom(end, months),
      proration_behavior: 'none',
      metadata: { [REFERRAL_MONTH_KEY]: months > 0 ? 'added' : '' },
      ...withVat(vatRateId),
    },
    { idempotencyKey: key },
  );
}

/**
 * The friend's free month (docs/decisions/096-yearly-plans.md): on a monthly plan a 100 % coupon on
 * the first paid invoice; on a yearly plan, where that coupon would give a whole year, a month added at
 * the end of the period instead.
 */
export async function giveFriendMonth(billing: Billing, subscriptionId: string, key: string): Promise<void> {
  const sub = await billing.stripe.subscriptions.retrieve(subscriptionId);
  if (!isYearly(sub)) return addDiscount(billing, subscriptionId, REFERRAL_COUPON_ID, key);
  if (sub.metadata?.[REFERRAL_MONTH_KEY]) return;
  await moveEnd(billing, sub, 1, key);
}

/** Takes the friend's free month back (the code removed while the subscription is set up). */
export async function takeBackFriendMonth(
  billing: Billing,
  subscriptionId: string,
  key: string,
): Promise<void> {
  const sub = await billing.stripe.subscriptions.retrieve(subscriptionId);
  if (sub.metadata?.[REFERRAL_MONTH_KEY]) return moveEnd(billing, sub, -1, key);
  return removeDiscount(billing, subscriptionId, REFERRAL_COUPON_ID, key);
}
