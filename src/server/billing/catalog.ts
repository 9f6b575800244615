import type Stripe from 'stripe';
import type { PaidPlanId } from '../../shared/constants';
import { RETENTION_DISCOUNT } from '../../shared/constants';
import { findPlan } from '../../shared/plans';

// Prices are found by lookup key and coupons by id, and created when missing: a Stripe account needs
// only its keys. Changing a price means a new lookup key (Stripe prices are immutable).
export const PRICE_LOOKUP_KEYS: Record<PaidPlanId, string> = {
  pro: 'chairnotes_pro_monthly_gbp',
  clinic: 'chairnotes_clinic_monthly_gbp',
};
export const RETENTION_COUPON_ID = 'chairnotes_retention_50_3m';
export const REFERRAL_COUPON_ID = 'chairnotes_referral_first_month_free';

export type Catalog = {
  priceIds: Record<PaidPlanId, string>;
  planOfPrice(priceId: string): PaidPlanId | undefined;
};

async function ensureCoupon(
  stripe: Stripe,
  params: Stripe.CouponCreateParams & { id: string },
): Promise<void> {
  try {
    await stripe.coupons.retrieve(params.id);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    await stripe.coupons.create(params, { idempotencyKey: `coupon-${params.id}` });
  }
}

export async function ensureCatalog(stripe: Stripe): Promise<Catalog> {
  const keys = Object.values(PRICE_LOOKUP_KEYS);
  const found = await stripe.prices.list({ lookup_keys: keys, active: true, limit: keys.length });
  const priceIds = {} as Record<PaidPlanId, string>;
  for (const [planId, lookupKey] of Object.entries(PRICE_LOOKUP_KEYS) as [PaidPlanId, string][]) {
    const existing = found.data.find((p) => p.lookup_key === lookupKey);
    if (existing) {
      priceIds[planId] = existing.id;
      continue;
    }
    const plan = findPlan(planId)!;
    const created = await stripe.prices.create(
      {
        currency: 'gbp',
        unit_amount: Math.round(plan.price * 100),
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        product_data: { name: `ChairNotes ${plan.name}` },
      },
      { idempotencyKey: `price-${lookupKey}` },
    );
    priceIds[planId] = created.id;
  }
  await ensureCoupon(stripe, {
    id: RETENTION_COUPON_ID,
    name: `${RETENTION_DISCOUNT.percentOff}% off for ${RETENTION_DISCOUNT.months} months`,
    percent_off: RETENTION_DISCOUNT.percentOff,
    duration: 'repeating',
    duration_in_months: RETENTION_DISCOUNT.months,
  });
  await ensureCoupon(stripe, {
    id: REFERRAL_COUPON_ID,
    name: 'Referral: first month free',
    percent_off: 100,
    duration: 'once',
  });
  const byPrice = new Map(Object.entries(priceIds).map(([plan, id]) => [id, plan as PaidPlanId]));
  return { priceIds, planOfPrice: (priceId) => byPrice.get(priceId) };
}
