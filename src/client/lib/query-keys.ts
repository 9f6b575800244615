/**
 * Every cached query's key, defined once. What belongs to the signed-in user sits under `user` and goes
 * with the session; the admin's data sits under `admin` and goes with the admin session (a separate
 * one, docs/architecture.md#states). The config and the plans are the same for everyone and stay.
 */
export const queryKeys = {
  config: ['config'],
  plans: ['plans'],
  /** The signed-in user, or null. */
  session: ['session'],
  user: {
    all: ['user'],
    subscription: ['user', 'subscription'],
    invoices: ['user', 'invoices'],
    paymentMethod: ['user', 'payment-method'],
    billingDetails: ['user', 'billing-details'],
    referralCode: ['user', 'referral-code'],
    referralStats: ['user', 'referral-stats'],
    referrals: ['user', 'referrals'],
    security: ['user', 'security'],
    passkeys: ['user', 'passkeys'],
    twoFactor: ['user', 'two-factor'],
    practice: ['user', 'practice'],
    practiceAudit: ['user', 'practice', 'audit'],
    accessReview: ['user', 'practice', 'access-review'],
    agreements: ['user', 'practice', 'agreements'],
  },
  /** The signed-in admin, or null. */
  adminSession: ['admin-session'],
  admin: {
    all: ['admin'],
    stats: ['admin', 'stats'],
    users: ['admin', 'users'],
    subscribers: ['admin', 'subscribers'],
    referrals: ['admin', 'referrals'],
    practices: ['admin', 'practices'],
    audit: ['admin', 'audit'],
    /** One user's detail page (its id). */
    user: (id: number) => ['admin', 'user', id] as const,
  },
} as const;
