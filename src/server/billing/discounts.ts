import type Stripe from 'stripe';
import { withVat } from '../../shared/access';
import type { Billing } from './billing';

/** The coupon a subscription's discount applies (`source.coupon` since 2025; a coupon object before). */
function couponOf(discount: Stripe.Discount): string | null {
  const source = (discount as { source?: { coupon?: string | { id: string } | null } }).source;
  const coupon = source?.coupon ?? (discount as { coupon?: string | { id: string } | null }).coupon ?? null;
  return typeof coupon === 'string' ? coupon : (coupon?.id ?? null);
}

/** The subscription's discounts as Stripe holds them now. */
async function discountsOf(billing: Billing, subscriptionId: string): Promise<Stripe.Discount[]> {
  const subscription = await billing.stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] });
  return (subscription.discounts ?? []).filter((d): d is Stripe.Discount => typeof d !== 'string');
}

/** Sends the subscription's whole list of discounts: those kept by id, and new ones by coupon. */
async function setDiscounts(
  billing: Billing,
  subscriptionId: string,
  discounts: Stripe.SubscriptionUpdateParams.Discount[],
  idempotencyKey: string,
): Promise<void> {
  const { vatRateId } = await billing.catalog();
  await billing.stripe.subscriptions.update(
    subscriptionId,
    {
      // An empty string is how Stripe is told to remove them all.
      discounts: discounts.length ? discounts : '',
      // A change like any other: the VAT rate comes along (billing/subscription-service.ts).
      ...withVat(vatRateId),
    },
    { idempotencyKey },
  );
}

/**
 * Adds a coupon's discount to a subscription and keeps those it has: Stripe's `discounts` replaces the
 * whole list, so the retention offer sent alone would take away a friend's referral month (and the
 * reverse). A coupon already applied is not applied twice.
 */
export async function addDiscount(
  billing: Billing,
  subscriptionId: string,
  couponId: string,
  idempotencyKey: string,
): Promise<void> {
  const current = await discountsOf(billing, subscriptionId);
  if (current.some((d) => couponOf(d) === couponId)) return;
  const kept = current.map((d) => ({ discount: d.id }));
  await setDiscounts(billing, subscriptionId, [...kept, { coupon: couponId }], idempotencyKey);
}

/** Takes a coupon's discount off a subscription and keeps the others. */
export async function removeDiscount(
  billing: Billing,
  subscriptionId: string,
  couponId: string,
  idempotencyKey: string,
): Promise<void> {
  const current = await discountsOf(billing, subscriptionId);
  const kept = current.filter((d) => couponOf(d) !== couponId);
  if (kept.length === current.length) return;
  await setDiscounts(
    billing,
    subscriptionId,
    kept.map((d) => ({ discount: d.id })),
    idempotencyKey,
  );
}
