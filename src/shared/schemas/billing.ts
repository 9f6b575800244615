import { z } from 'zod';
import {
  BILLING_INTERVALS,
  CANCELLATION_COMMENT_MAX,
  CANCELLATION_REASON_IDS,
  PAID_PLAN_IDS,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
} from '../constants';
import type { Plan } from '../plans';
import { isoDate, text } from './fields';
import { referralCodeField, subscriptionReferralSchema } from './referrals';

/** GET /api/subscription-plans: one plan, as shared/plans.ts defines it. */
export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  /** Pounds per month. */
  price: z.number(),
  interval: z.literal('month'),
  /** Pounds per year (docs/decisions/096-yearly-plans.md). */
  yearlyPrice: z.number(),
  features: z.array(z.string()),
  disabled: z.array(z.string()),
  notIncluded: z.array(z.string()),
  popular: z.boolean(),
  extraInfo: z.string(),
}) satisfies z.ZodType<Plan>;

/** How often to bill; left out, by the month. */
const intervalField = z.enum(BILLING_INTERVALS, { error: 'Choose month or year' }).default('month');

export const createSubscriptionSchema = z.object({
  planId: z.enum(PAID_PLAN_IDS, { error: 'Choose the Plus or Practice plan' }),
  interval: intervalField,
  /** A code that reached the subscribe page (a share link): applied with the subscription, no second step. */
  referralCode: referralCodeField().optional(),
});

/** With a trial the card is saved by a SetupIntent (confirmSetup); without, the first invoice is paid (confirmPayment). */
const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  intent: z.enum(['setup', 'payment']),
  trialEndsAt: isoDate.nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** POST /api/create-subscription's answer: the subscription to confirm, and its referral code. */
export const createSubscriptionAnswerSchema = createSubscriptionResponseSchema.extend({
  /** The referral code applied to this subscription, or the one sent and why it could not be. */
  referral: subscriptionReferralSchema.nullable(),
});

export const subscriptionDetailsSchema = z.object({
  plan: z.enum(PLAN_IDS),
  billingInterval: z.enum(BILLING_INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  pausedUntil: isoDate.nullable(),
  hasDiscount: z.boolean(),
  /** The retention offer is made once per user. */
  retentionOfferAvailable: z.boolean(),
  /**
   * What the offer is (docs/decisions/096-yearly-plans.md): 50 % for 3 months on a monthly plan; on a
   * yearly plan, switching to monthly when the paid year ends.
   */
  retentionOffer: z.enum(['discount', 'monthly_at_period_end']),
  /** The renewal was moved past the period paid for (a yearly freeze, a booked switch to monthly): plan changes wait for it. */
  renewalMoved: z.boolean(),
  /** Stripe is configured: actions and billing details can work. */
  billingAvailable: z.boolean(),
  /** A renewal the card's bank wants confirmed: Stripe's page where the person confirms it, or null. */
  paymentActionUrl: z.string().nullable(),
  /** A failed renewal keeps the note app open until this moment (docs/decisions/066-failed-renewal-grace-and-money-mails.md); null when not past due. */
  pastDueAccessUntil: isoDate.nullable(),
  /** The people the subscriber's practice covers besides them: their note app follows a freeze or a cancel. */
  practiceMembers: z.number().int(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/**
 * One invoice of the billing history, as Stripe made it. Pounds: `total` is `net` plus `vat` (UK VAT
 * inclusive in our prices, docs/decisions/057-uk-billing.md); `amount` is what was paid, or is due while unpaid (a
 * customer credit can make it less than the total). `url` is Stripe's hosted page: a receipt once
 * paid, where to pay while open.
 */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: isoDate,
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  amount: z.number(),
  /** Stripe's: paid, open, void, uncollectible (draft invoices are not listed). */
  status: z.string(),
  url: z.string().nullable(),
  pdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const paymentMethodSchema = z
  .object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })
  .nullable();
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Another paid plan for a live subscription (docs/architecture.md#practices). */
export const planChangeQuerySchema = z.object({
  planId: z.enum(PAID_PLAN_IDS, { error: 'Choose the Plus or Practice plan' }),
  interval: intervalField,
});

/**
 * What a switch costs now, from Stripe's preview (its `amount_due`): `amountNow` in pounds is charged
 * at once when above zero, and credited to the next invoice when below (0 during the trial, or when
 * account credit covers it all: `creditUsed`). `quote` goes back with the switch, so that what is
 * charged is what was shown (docs/decisions/067-plan-switch-authentication.md).
 */
export const planChangePreviewSchema = z.object({
  planId: z.enum(PAID_PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  amountNow: z.number(),
  /** Pounds of the account's credit the switch uses up (0 when it has none). */
  creditUsed: z.number(),
  trial: z.boolean(),
  /** The next regular payment on the new plan and interval, in pounds (the retention discount counted). */
  nextAmount: z.number(),
  nextPaymentAt: isoDate.nullable(),
  /** The preview's moment of proration, sealed by the server; null during the trial. */
  quote: z.string().nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const planChangeSchema = planChangeQuerySchema.extend({
  quote: text()
    .regex(/^v1\.[\w.-]{1,1000}$/, 'Not a price quote from a preview')
    .optional(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/**
 * A payment the bank wants the person to confirm in the page (3D Secure): the PaymentIntent's client
 * secret, for Stripe.js. The answer (202) of a switch or a card update whose payment waits for it.
 */
export const paymentAuthenticationSchema = z.object({ clientSecret: z.string() });
export type PaymentAuthentication = z.infer<typeof paymentAuthenticationSchema>;

/**
 * A UK postcode ('SW1A 1AA', 'M1 1AE', 'GIR 0AA'): checked, and written the Royal Mail way, upper case
 * with one space before the last three characters.
 */
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;
const ukPostcode = text()
  .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
  .refine((value) => UK_POSTCODE.test(value), 'Please enter a UK postcode, like SW1A 1AA')
  .transform((value) => `${value.slice(0, -3)} ${value.slice(-3)}`);

/**
 * A UK VAT number as HMRC issues them (and Stripe's `gb_vat` checks): GB and 9 or 12 digits, or GBGD or
 * GBHA and 3 digits; spaces and a missing 'GB' are forgiven. Empty means none.
 */
const UK_VAT = /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;
const ukVatNumber = text()
  .transform((value) => value.toUpperCase().replace(/[\s.-]+/g, ''))
  .transform((value) => (value && !value.startsWith('GB') ? `GB${value}` : value))
  .refine((value) => value === '' || UK_VAT.test(value), 'Please enter a UK VAT number, like GB123456789');

// C0 and C1 control characters (\p{Cc}: tabs and line breaks among them) and Unicode's line and paragraph
// separators: each field is one line of an invoice's address, and a control character in it is either a
// mistake of a paste or a way to make what a reader sees differ from what is stored.
const CONTROL_OR_BREAK = /[\p{Cc}\u2028\u2029]/u;

/** One line of the billing address, `name` as the form labels it; empty allowed only below `min`. */
const line = (name: string, max: number, min = 1) =>
  text()
    .trim()
    .min(min, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`)
    .refine(
      (value) => !CONTROL_OR_BREAK.test(value),
      `${name} must be one line of text, without control characters`,
    );

/** Who the invoices are made out to (an HMRC VAT invoice names them): docs/architecture.md#settled-points. */
export const billingDetailsSchema = z.object({
  name: line('Practice or business name', 100),
  line1: line('Address', 200),
  line2: line('Address line 2', 200, 0).default(''),
  city: line('Town or city', 100),
  postcode: ukPostcode,
  vatNumber: ukVatNumber.default(''),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;

/** The details as saved (already checked and written the UK way): what the API answers. */
const savedBillingDetailsSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  postcode: z.string(),
  vatNumber: z.string(),
});
export const billingDetailsAnswerSchema = z.object({ details: savedBillingDetailsSchema.nullable() });

/** POST /api/subscription/cancel: why, if they say (both optional). */
export const cancelSchema = z
  .object({
    reason: z.enum(CANCELLATION_REASON_IDS, { error: 'Choose one of the reasons' }).optional(),
    comment: text()
      .trim()
      .max(CANCELLATION_COMMENT_MAX, `Comment must be at most ${CANCELLATION_COMMENT_MAX} characters`)
      .optional(),
  })
  // No body at all (an older page, a script) is a cancellation with nothing said.
  .nullish()
  .transform((why) => why ?? {});
export type CancelRequest = z.infer<typeof cancelSchema>;

/** POST /api/billing/card/confirm: the SetupIntent the page confirmed with the new card. */
export const cardUpdateSchema = z.object({
  setupIntentId: text().regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'Not a card setup id'),
});
