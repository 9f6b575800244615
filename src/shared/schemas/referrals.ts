import { z } from 'zod';
import { isoDate, text, validEmail } from './fields';

export const invitationSchema = z.object({
  friendEmail: validEmail(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A referral code as typed or carried by a share link: compared in capitals. */
export const referralCodeField = () =>
  text().trim().toUpperCase().min(1, 'Required').max(32, 'Referral codes are at most 32 characters');

export const validateReferralCodeSchema = z.object({ code: referralCodeField() });

export const referralValidationSchema = z.object({ valid: z.boolean(), message: z.string() });

export const referralCodeSchema = z.object({ referralCode: z.string().nullable() });

export const referralStatsSchema = z.object({
  totalReferrals: z.number().int(),
  pendingReferrals: z.number().int(),
  completedReferrals: z.number().int(),
  /** Free months earned. */
  credits: z.number().int(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

/**
 * One of the referrer's referrals as /refer lists it: the friend's address masked, where it stands and,
 * once the friend has paid, the referrer's month: earned, waiting for their verified address, or not
 * earned, with why.
 */
export const referralListItemSchema = z.object({
  id: z.number().int(),
  friend: z.string(),
  status: z.enum(['pending', 'completed', 'expired']),
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  reward: z.enum(['earned', 'held', 'none']).nullable(),
  /** In the referrer's words: what happens next, or why no month was earned. */
  explanation: z.string(),
});
export type ReferralListItem = z.infer<typeof referralListItemSchema>;

export const REFERRAL_CODE_VALID = "Referral code applied. You'll get 1 month free!";
export const REFERRAL_CODE_REMOVED = 'Referral code removed.';

/**
 * The referral code of a subscription being set up: the one applied to it (`applied`, with
 * REFERRAL_CODE_VALID), or the one sent that could not be applied, with why (a failure shows before
 * payment: docs/decisions/064-referral-code-applied-with-the-subscription.md).
 */
export const subscriptionReferralSchema = z.object({
  code: z.string(),
  applied: z.boolean(),
  message: z.string(),
});
export type SubscriptionReferral = z.infer<typeof subscriptionReferralSchema>;
