import { PRODUCT_NAME } from './brand';
import {
  type BillingInterval,
  DEFAULT_PRACTICE_SEATS,
  type PlanId,
  RETENTION_DISCOUNT,
  YEARLY_MONTHS_CHARGED,
} from './constants';
import { once } from './once';

export type Plan = {
  id: PlanId;
  name: string;
  /** Pounds per month. */
  price: number;
  interval: 'month';
  /** Pounds per year: ten months' price, two months free (docs/decisions/096-yearly-plans.md). */
  yearlyPrice: number;
  features: string[];
  disabled: string[];
  notIncluded: string[];
  popular: boolean;
  extraInfo: string;
};

const liteFeatures = [
  'One-tap consent and discussion',
  'Complete customisability',
  'Share records with the community',
];

const NOTE_APP = `Full access to the ${PRODUCT_NAME} note-writing app`;

/**
 * The one definition of the plans (names, prices, features): the API serves it with the
 * deployment's `PRACTICE_SEATS`, and the client falls back to it with the default. Each card says what is being
 * chosen: Lite lists the note app as not included, Practice how many people it covers
 * (docs/decisions/074-what-each-screen-says-and-the-trial-that-never-began.md).
 */
export function plansFor(practiceSeats: number): Plan[] {
  const plans: Omit<Plan, 'yearlyPrice'>[] = [
    {
      id: 'free',
      name: 'Lite',
      price: 0,
      interval: 'month',
      features: [...liteFeatures, '1GB storage', 'Basic support'],
      disabled: ['Limited features'],
      notIncluded: [`Access to the ${PRODUCT_NAME} note-writing app`, 'Unlimited appointments'],
      popular: false,
      extraInfo: 'Free forever',
    },
    {
      id: 'pro',
      name: 'Plus',
      price: 99.8,
      interval: 'month',
      features: [
        NOTE_APP,
        ...liteFeatures,
        'AI-powered prediction for speed and accuracy',
        'Access to expert-approved smart records',
      ],
      disabled: [],
      notIncluded: [],
      popular: true,
      extraInfo: 'Charged after 2 week free trial',
    },
    {
      id: 'clinic',
      name: 'Practice',
      price: 149.8,
      interval: 'month',
      features: [
        `${NOTE_APP}, for up to ${practiceSeats} people in your practice, you included`,
        'Full practice analytics',
        'Vicarious liability risk management',
        'Instant audits',
        'Multi-user management',
        'Branded patient communication',
        'Premium support',
      ],
      disabled: [],
      notIncluded: [],
      popular: false,
      extraInfo: 'Charged after 2 week free trial',
    },
  ];
  return plans.map((plan) => ({ ...plan, yearlyPrice: yearlyPriceOf(plan.price) }));
}

/** Ten months' price, to the penny. */
function yearlyPriceOf(monthly: number): number {
  return Math.round(monthly * 100 * YEARLY_MONTHS_CHARGED) / 100;
}

export const PLANS: readonly Plan[] = plansFor(DEFAULT_PRACTICE_SEATS);

/** Said before a plan's feature list when the list builds on another plan's. */
export const FEATURES_INTRO: Partial<Record<PlanId, string>> = { clinic: 'Everything in Plus, and:' };

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

const gbp = once(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));
export function formatPounds(amount: number): string {
  return gbp().format(amount);
}

/**
 * Every price includes UK VAT at 20 % and says so (docs/architecture.md#settled-points): dental care is VAT-exempt, so
 * most practices cannot reclaim it, and must see what they really pay.
 */
export const VAT_INCLUDED = 'inc. VAT';

/** A monthly price as people read it everywhere: '£99.80/month inc. VAT'. */
export function formatMonthly(amount: number): string {
  return `${formatPounds(amount)}/month ${VAT_INCLUDED}`;
}

/** A monthly price, in pounds, while the retention discount runs (docs/architecture.md#constants: pro 49.90, clinic 74.90). */
export function discountedPrice(price: number): number {
  return Math.round(price * (100 - RETENTION_DISCOUNT.percentOff)) / 100;
}

/** A yearly price as people read it: '£998.00/year inc. VAT'. */
function formatYearly(amount: number): string {
  return `${formatPounds(amount)}/year ${VAT_INCLUDED}`;
}

/** A plan's price for one period of `interval`, in pounds. */
export function priceFor(plan: PlanId, interval: BillingInterval): number {
  const found = findPlan(plan);
  return (interval === 'year' ? found?.yearlyPrice : found?.price) ?? 0;
}

/** A price as people read it for its interval. */
export function formatPrice(amount: number, interval: BillingInterval): string {
  return interval === 'year' ? formatYearly(amount) : formatMonthly(amount);
}

/**
 * What a user on this plan pays a month, in pounds: a yearly subscription counts as a twelfth of its
 * price (docs/decisions/096-yearly-plans.md). The admin revenue figure and lists both use this.
 */
export function monthlyAmount(
  plan: PlanId,
  hasDiscount: boolean,
  interval: BillingInterval = 'month',
): number {
  if (interval === 'year') return Math.round((priceFor(plan, 'year') * 100) / 12) / 100;
  const price = findPlan(plan)?.price ?? 0;
  return hasDiscount ? discountedPrice(price) : price;
}
