import { apiRequest } from '@client/lib/api';

/**
 * POST /api/subscription/referral: the referral code goes with the new subscription (the friend's free
 * month is a coupon on it). Sent again by a later try, it is answered the same.
 */
export const applyReferralCode = (code: string) => apiRequest('POST', '/api/subscription/referral', { code });
