import type Stripe from 'stripe';
import type { Billing } from './billing';

/** The coupon a subscription's discount applies (`source.coupon` since 2025; a coupon object before). */
function couponOf(discount: Stripe.Discount): string | null {
  const source = (discount as { source?: { coupon?: string | { id: string } | null } }).source;
  const coupon = source?.coupon ?? (discount as { coupon?: string | { id: string } | null }).coupon ?? null;
  return typeof coupon === 'string' ? coupon : (coupon?.id ?? null);
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
  const { stripe } = billing;
  const { vatRateId } = await billing.catalog();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] });
  const current = (subscription.discounts ?? []).filter((d): d is Stripe.Discount => typeof d !== 'string');
  if (current.some((d) => couponOf(d) === couponId)) return;
  await stripe.subscriptions.update(
    subscriptionId,
    {
      discounts: [...current.map((d) => ({ discount: d.id })), { coupon: couponId }],
      // A change like any other: the VAT rate comes along (billing/subscription-service.ts).
      default_tax_rates: [vatRateId],
    },
    { idempotencyKey },
  );
}
