import { z } from 'zod';
import {
  BILLING_INTERVALS,
  CANCELLATION_REASON_IDS,
  PAID_PLAN_IDS,
  PLAN_IDS,
  PRACTICE_ROLES,
  REFERRAL_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '../constants';
import { invoiceSchema, subscriptionDetailsSchema } from './billing';
import { isoDate } from './fields';
import { SECURITY_EVENT_TYPES } from './security';

/**
 * A count for each of `keys`, every one present: an object of them (not a record), so the OpenAPI
 * document names each key and the client's types (src/client/lib/api-types.ts) require each one.
 */
const counts = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);

/** GET /api/admin/stats: every figure is a SQL aggregate, never a walk over the users (issue 6). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Paid plans, active, past their free trial: what pays (docs/architecture.md#constants). */
  activeSubscriptions: z.number().int(),
  /** Paid plans in their free trial: counted apart, and not in the revenue. */
  trialSubscriptions: z.number().int(),
  /** Pounds a month: the discounted price where hasDiscount (docs/architecture.md#constants), a twelfth of a yearly one. */
  estimatedMonthlyRevenue: z.number(),
  totalSubscribers: z.number().int(),
  /** Users on each plan and in each status, every one present (0 when none). */
  usersByPlan: counts(PLAN_IDS),
  usersByStatus: counts(SUBSCRIPTION_STATUSES),
  /** Sign-ups a day over the last 90 days (London dates, oldest first, days without sign-ups included as 0). */
  signupsByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** The 5 most recent logins, newest first. */
  recentLogins: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      email: z.string(),
      lastLoginAt: isoDate,
      consecutiveLogins: z.number().int(),
    }),
  ),
  /** Total logins / total users; the page shows it to 1 decimal. */
  averageLoginsPerUser: z.number(),
  /** Practices, and the people in them (owners included). */
  totalPractices: z.number().int(),
  practiceMembers: z.number().int(),
  /** Cancellations over the last CANCELLATION_DAYS days, by the reason given ('none': no reason given). */
  cancellationsByReason: counts([...CANCELLATION_REASON_IDS, 'none']),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** One row of GET /api/admin/users (a list of these): what an operator needs, no secrets. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  plan: z.enum(PLAN_IDS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  /** While ahead, the subscription is a free trial: active, nothing paid yet. */
  trialEndsAt: isoDate.nullable(),
  hasDiscount: z.boolean(),
  billingInterval: z.enum(BILLING_INTERVALS),
  loginCount: z.number().int(),
  consecutiveLogins: z.number().int(),
  lastLoginAt: isoDate.nullable(),
  createdAt: isoDate,
  referralCode: z.string().nullable(),
  referralCredits: z.number().int(),
  /** The practice the user is in, and their role there. */
  practiceName: z.string().nullable(),
  practiceRole: z.enum(PRACTICE_ROLES).nullable(),
  /** The practice's subscription (its owner's plan and status); null when not in a practice. */
  practicePlan: z.enum(PLAN_IDS).nullable(),
  practiceStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const someone = z.object({ id: z.number().int(), username: z.string() });

/**
 * GET /api/admin/users/:id: everything an operator needs to answer a person about their account, read
 * only (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md). No secret:
 * no hash, no token, no second factor's secret, no session id.
 */
export const adminUserDetailSchema = z.object({
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: isoDate,
    lastLoginAt: isoDate.nullable(),
    lastLoginIp: z.string().nullable(),
    loginCount: z.number().int(),
    referralCode: z.string().nullable(),
    referralCredits: z.number().int(),
  }),
  /** The person's own subscription, as our row has it from Stripe. */
  subscription: subscriptionDetailsSchema.pick({
    plan: true,
    status: true,
    trialEndsAt: true,
    currentPeriodEnd: true,
    cancelAtPeriodEnd: true,
    pausedUntil: true,
    hasDiscount: true,
    billingInterval: true,
  }),
  /** What gives them the note app now (the rule the app and the note app read), and who pays for it. */
  access: z
    .object({ plan: z.enum(PAID_PLAN_IDS), through: z.enum(['own', 'practice']), paidBy: someone })
    .nullable(),
  /** The second factors they have: 'totp' (with its recovery codes), 'passkey'. */
  secondFactors: z.array(z.enum(['totp', 'passkey'])),
  practice: z
    .object({
      id: z.number().int(),
      name: z.string(),
      role: z.enum(PRACTICE_ROLES),
      owner: someone,
      plan: z.enum(PLAN_IDS),
      status: z.enum(SUBSCRIPTION_STATUSES),
    })
    .nullable(),
  sessions: z.array(
    z.object({ device: z.string(), ip: z.string().nullable(), createdAt: isoDate, lastSeenAt: isoDate }),
  ),
  securityEvents: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(SECURITY_EVENT_TYPES),
      device: z.string(),
      ip: z.string().nullable(),
      at: isoDate,
    }),
  ),
  /**
   * Read from Stripe when it is configured (`available`); none otherwise. `items` is null when Stripe
   * could not be read just now: the rest of the page does not wait on it.
   */
  invoices: z.object({ available: z.boolean(), items: invoiceSchema.array().nullable() }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** One row of GET /api/admin/subscribers (newsletter). */
export const adminSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: isoDate,
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;

/** One row of GET /api/admin/referrals: the admin referral record of docs/architecture.md#entities, plus why no reward was given. */
export const adminReferralSchema = z.object({
  id: z.number().int(),
  referrerUsername: z.string(),
  referrerEmail: z.string(),
  friendEmail: z.string(),
  referralCode: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  rewardNote: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;

/** One row of GET /api/admin/practices: a practice, its owner, its size and its subscription's state. */
export const adminPracticeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ownerUsername: z.string(),
  ownerEmail: z.string(),
  /** People in the practice, the owner included. */
  members: z.number().int(),
  pendingInvitations: z.number().int(),
  plan: z.enum(PLAN_IDS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  createdAt: isoDate,
  /** The practice terms its owner last accepted: which version, when, and whether it is the current one. */
  terms: z.object({ version: z.string(), acceptedAt: isoDate, current: z.boolean() }).nullable(),
});
export type AdminPractice = z.infer<typeof adminPracticeSchema>;

/** A user named in an admin URL (/api/admin/users/:id/...). */
export const userIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'User id must be a number' })
    .int('User id must be a number')
    .positive('User id must be a number'),
});
