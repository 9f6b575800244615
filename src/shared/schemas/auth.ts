import { z } from 'zod';
import { BILLING_INTERVALS, PAID_PLAN_IDS, PLAN_IDS, SUBSCRIPTION_STATUSES } from '../constants';
import { enteredLogin, enteredPassword, isoDate, newPassword, newUsername, text, validEmail } from './fields';
import { practiceMembershipSchema } from './practice';

// Login: the form collects rememberMe, the request does not send it (docs/architecture.md#entities).
export const loginFormSchema = z.object({
  // The API field stays `username`; it takes the email as well.
  username: enteredLogin(),
  password: enteredPassword(),
  rememberMe: z.boolean().optional(),
});
export const loginRequestSchema = loginFormSchema.omit({ rememberMe: true });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const AGREE_TERMS = 'You must agree to the terms and conditions';

/**
 * Registration. `agreeTerms`: the person ticked that they agree to the terms of service and privacy policy;
 * the server records it with the version (shared/brand.ts TERMS_VERSION) and the time.
 */
export const registerRequestSchema = z.object({
  username: newUsername(),
  email: validEmail(),
  password: newPassword(),
  agreeTerms: z.literal(true, { error: AGREE_TERMS }),
  /**
   * The practice invitation the person registers to accept (the token of its link), when they do: mailed
   * to the address, it proves the address, so no verification mail is sent for it.
   */
  invitation: z
    .string()
    .regex(/^[\w-]{1,200}$/, 'Not an invitation link')
    .optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The form: its box starts unticked, so it holds any boolean and is refused until ticked. */
export const registerFormSchema = registerRequestSchema.extend({
  agreeTerms: z.boolean().refine((v) => v === true, AGREE_TERMS),
});

/**
 * Admins sign in by the same rules as users.
 * @alias
 */
export const adminLoginSchema = loginRequestSchema;
export type AdminLoginRequest = z.infer<typeof adminLoginSchema>;

export const passwordResetRequestSchema = z.object({ email: validEmail() });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: text().min(1, 'Required').max(200, 'This reset link is invalid or has expired.'),
  password: newPassword(),
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const passwordResetFormSchema = passwordResetConfirmSchema
  .omit({ token: true })
  .extend({ confirmPassword: text() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** What the API tells a user about themselves: never a hash, a token or a payment-provider id. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** The person opened a link sent to `email`; until then a banner asks them to. */
  emailVerified: z.boolean(),
  plan: z.enum(PLAN_IDS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  hasDiscount: z.boolean(),
  /** How the subscription is billed (docs/decisions/096-yearly-plans.md); 'month' without one. */
  billingInterval: z.enum(BILLING_INTERVALS),
  role: z.string(),
  referralCode: z.string().nullable(),
  referralCredits: z.number().int(),
  loginCount: z.number().int(),
  consecutiveLogins: z.number().int(),
  lastLoginAt: isoDate.nullable(),
  createdAt: isoDate,
  /** May open the note-writing app: follows from the subscription state (server billing/subscription-state.ts). */
  noteAppAccess: z.boolean(),
  /**
   * Why the note app is closed although a plan would open it: 'two_factor_required' while the person's
   * practice asks for a second factor they have not turned on (a banner takes them to enrol). Else null.
   */
  noteAppBlockedReason: z.enum(['two_factor_required']).nullable(),
  /**
   * The plan that gives the person the note app now, and through whom: their own subscription, or their
   * practice's (`practiceName`, whose billing `managedBy`, the owner, manages). Null without access.
   * `plan` and `subscriptionStatus` above stay the person's own subscription.
   */
  access: z
    .object({
      plan: z.enum(PAID_PLAN_IDS),
      through: z.enum(['own', 'practice']),
      practiceName: z.string().nullable(),
      managedBy: z.string().nullable(),
    })
    .nullable(),
  /** A second factor is on (TOTP, or any passkey): signing in asks for it after the password. */
  twoFactor: z.boolean(),
  /**
   * The account has a password. One made by accepting a practice's invitation with Microsoft has none:
   * where others type their password to prove it is them, it confirms with Microsoft instead.
   */
  hasPassword: z.boolean(),
  /** The practice the person is in, and their role there (docs/architecture.md#practices). */
  practice: practiceMembershipSchema.nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const publicAdminSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: isoDate,
  /** The admin signed in with only a password and must enrol a second factor before the admin area opens. */
  enrolmentRequired: z.boolean(),
});
export type PublicAdmin = z.infer<typeof publicAdminSchema>;
