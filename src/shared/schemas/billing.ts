import { z } from 'zod';
import { PAID_PLAN_IDS, PLAN_IDS, SUBSCRIPTION_STATUSES } from '../constants';
import { isoDate } from './fields';

export const createSubscriptionSchema = z.object({
  planId: z.enum(PAID_PLAN_IDS, { error: 'Choose the Plus or Practice plan' }),
});

/** With a trial the card is saved by a SetupIntent (confirmSetup); without, the first invoice is paid (confirmPayment). */
export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  intent: z.enum(['setup', 'payment']),
  trialEndsAt: isoDate.nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const subscriptionDetailsSchema = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  pausedUntil: isoDate.nullable(),
  hasDiscount: z.boolean(),
  /** The 50 %-for-3-months offer is made once per user. */
  retentionOfferAvailable: z.boolean(),
  /** Stripe is configured: actions and billing details can work. */
  billingAvailable: z.boolean(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: isoDate,
  /** Pounds. */
  amount: z.number(),
  status: z.string(),
  url: z.string().nullable(),
  pdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const paymentMethodSchema = z
  .object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })
  .nullable();
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Another paid plan for a live subscription (design.md section 10). */
export const planChangeQuerySchema = z.object({
  planId: z.enum(PAID_PLAN_IDS, { error: 'Choose the Plus or Practice plan' }),
});

/**
 * What a switch costs now, from Stripe's preview: `amountNow` in pounds is charged at once when above
 * zero, and credited to the next invoice when below (0 during the trial). `prorationDate` goes back
 * with the switch, so that what is charged is what was shown.
 */
export const planChangePreviewSchema = z.object({
  planId: z.enum(PAID_PLAN_IDS),
  amountNow: z.number(),
  trial: z.boolean(),
  /** The next regular payment on the new plan, in pounds (the retention discount counted). */
  nextAmount: z.number(),
  nextPaymentAt: isoDate.nullable(),
  prorationDate: z.number().int(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const planChangeSchema = planChangeQuerySchema.extend({
  prorationDate: z.number().int().positive().optional(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;
