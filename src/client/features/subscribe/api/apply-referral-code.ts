import { answer, api } from '@client/lib/api';

/**
 * POST /api/subscription/referral: the referral code goes with the subscription being set up (the
 * friend's free month is a coupon on it). Applied once: the server answers 409 to the same code again.
 */
export const applyReferralCode = (code: string) =>
  answer(api.POST('/api/subscription/referral', { body: { code } }));

/** DELETE /api/subscription/referral: Remove, the code comes off the subscription being set up. */
export const removeReferralCode = () => answer(api.DELETE('/api/subscription/referral'));
