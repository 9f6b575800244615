import { apiRequest } from '@client/lib/api';

/**
 * POST /api/subscription/referral: the referral code goes with the subscription being set up (the
 * friend's free month is a coupon on it). Applied once: the server answers 409 to the same code again.
 */
export const applyReferralCode = (code: string) => apiRequest('POST', '/api/subscription/referral', { code });

/** DELETE /api/subscription/referral: Remove, the code comes off the subscription being set up. */
export const removeReferralCode = () => apiRequest('DELETE', '/api/subscription/referral');
