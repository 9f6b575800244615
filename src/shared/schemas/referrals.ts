import { z } from 'zod';
import { text, validEmail } from './fields';

export const invitationSchema = z.object({
  friendEmail: validEmail(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const validateReferralCodeSchema = z.object({
  code: text().trim().toUpperCase().min(1, 'Required').max(32, 'Referral codes are at most 32 characters'),
});

export const referralValidationSchema = z.object({ valid: z.boolean(), message: z.string() });
export type ReferralValidation = z.infer<typeof referralValidationSchema>;

export const referralCodeSchema = z.object({ referralCode: z.string().nullable() });

export const referralStatsSchema = z.object({
  totalReferrals: z.number().int(),
  pendingReferrals: z.number().int(),
  completedReferrals: z.number().int(),
  /** Free months earned. */
  credits: z.number().int(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const REFERRAL_CODE_VALID = "Referral code applied. You'll get 1 month free!";
