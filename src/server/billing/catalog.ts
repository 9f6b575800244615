import type Stripe from 'stripe';
import { VAT_PERCENT } from '../../shared/access';
import type { BillingInterval, PaidPlanId } from '../../shared/constants';
import { BILLING_INTERVALS, RETENTION_DISCOUNT } from '../../shared/constants';
import { findPlan, priceFor } from '../../shared/plans';

// Prices are found by lookup key and coupons by id, and created when missing: a Stripe account needs
// only its keys. Changing a price means a new lookup key (Stripe prices are immutable).
export const PRICE_LOOKUP_KEYS: Record<PaidPlanId, Record<BillingInterval, string>> = {
  pro: { month: 'chairnotes_pro_monthly_gbp', year: 'chairnotes_pro_yearly_gbp' },
  clinic: { month: 'chairnotes_clinic_monthly_gbp', year: 'chairnotes_clinic_yearly_gbp' },
};

/** What one of our Stripe prices is: a plan, billed by the month or the year. */
export type PricedPlan = { plan: PaidPlanId; interval: BillingInterval };
export const RETENTION_COUPON_ID = 'chairnotes_retention_50_3m';
export const REFERRAL_COUPON_ID = 'chairnotes_referral_first_month_free';

/** Marks our tax rate (metadata): UK VAT at 20 %, included in every price. */
export const VAT_RATE_KEY = 'chairnotes_uk_vat_20_inclusive';

/** Marks the customer portal configuration that is ours (metadata), so it is found, not made again. */
export const PORTAL_CONFIGURATION_KEY = 'chairnotes_portal_v1';

export type Catalog = {
  /** Our Stripe price per plan and interval (docs/decisions/096-yearly-plans.md). */
  priceIds: Record<PaidPlanId, Record<BillingInterval, string>>;
  /** Passed to every portal session: a new Stripe account has no default configuration. */
  portalConfigurationId: string;
  /**
   * UK VAT, 20 % inclusive: every subscription carries it, so each invoice shows the VAT part of the
   * price (an HMRC VAT invoice needs it) without changing what is charged.
   */
  vatRateId: string;
  planOfPrice(priceId: string): PricedPlan | undefined;
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

/**
 * Our customer portal: invoice history and the card. Cancelling and switching plans stay in our own
 * flows (the retention offer, the proration preview), and billing details in our form, which keeps
 * the VAT number checked; so the portal offers none of them.
 */
async function ensurePortalConfiguration(stripe: Stripe): Promise<string> {
  for await (const configuration of stripe.billingPortal.configurations.list({ active: true, limit: 100 })) {
    if (configuration.metadata?.chairnotes === PORTAL_CONFIGURATION_KEY) return configuration.id;
  }
  const created = await stripe.billingPortal.configurations.create(
    {
      business_profile: { headline: 'ChairNotes: your invoices and card' },
      features: {
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
        customer_update: { enabled: false },
        subscription_cancel: { enabled: false },
        subscription_update: { enabled: false },
      },
      metadata: { chairnotes: PORTAL_CONFIGURATION_KEY },
    },
    { idempotencyKey: `portal-configuration-${PORTAL_CONFIGURATION_KEY}` },
  );
  return created.id;
}

async function ensureVatRate(stripe: Stripe): Promise<string> {
  for await (const rate of stripe.taxRates.list({ active: true, inclusive: true, limit: 100 })) {
    if (rate.metadata?.chairnotes === VAT_RATE_KEY) return rate.id;
  }
  const created = await stripe.taxRates.create(
    {
      display_name: 'VAT',
      description: `UK VAT ${VAT_PERCENT}%, included in the price`,
      percentage: VAT_PERCENT,
      inclusive: true,
      country: 'GB',
      jurisdiction: 'United Kingdom',
      tax_type: 'vat',
      metadata: { chairnotes: VAT_RATE_KEY },
    },
    { idempotencyKey: `tax-rate-${VAT_RATE_KEY}` },
  );
  return created.id;
}

export async function ensureCatalog(stripe: Stripe): Promise<Catalog> {
  const wanted = (
    Object.entries(PRICE_LOOKUP_KEYS) as [PaidPlanId, Record<BillingInterval, string>][]
  ).flatMap(([plan, keys]) =>
    BILLING_INTERVALS.map((interval) => ({ plan, interval, lookupKey: keys[interval] })),
  );
  const found = await stripe.prices.list({
    lookup_keys: wanted.map((w) => w.lookupKey),
    active: true,
    limit: wanted.length,
  });
  const priceIds = { pro: {}, clinic: {} } as Record<PaidPlanId, Record<BillingInterval, string>>;
  for (const { plan: planId, interval, lookupKey } of wanted) {
    const existing = found.data.find((p) => p.lookup_key === lookupKey);
    if (existing) {
      priceIds[planId][interval] = existing.id;
      continue;
    }
    const plan = findPlan(planId)!;
    // Yearly prices go with the same VAT rate as the monthly ones: every subscription carries it (withVat).
    const created = await stripe.prices.create(
      {
        currency: 'gbp',
        unit_amount: Math.round(priceFor(planId, interval) * 100),
        recurring: { interval },
        lookup_key: lookupKey,
        product_data: { name: `ChairNotes ${plan.name}${interval === 'year' ? ' (yearly)' : ''}` },
      },
      { idempotencyKey: `price-${lookupKey}` },
    );
    priceIds[planId][interval] = created.id;
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
  const portalConfigurationId = await ensurePortalConfiguration(stripe);
  const vatRateId = await ensureVatRate(stripe);
  const byPrice = new Map<string, PricedPlan>(
    wanted.map(({ plan, interval }) => [priceIds[plan][interval], { plan, interval }]),
  );
  return { priceIds, portalConfigurationId, vatRateId, planOfPrice: (priceId) => byPrice.get(priceId) };
}
