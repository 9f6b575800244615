import { describe, expect, it } from 'vitest';
import { stripePathPattern } from '../../src/server/billing/stripe-client';

// The Stripe metrics' `path` label: a pattern, so no customer, subscription or coupon id becomes a series.
describe('stripePathPattern', () => {
  it.each([
    ['/v1/customers', '/v1/customers'],
    ['/v1/customers/cus_NffrFeUfNV2Hib', '/v1/customers/:id'],
    [
      '/v1/customers/cus_NffrFeUfNV2Hib/balance_transactions?limit=3',
      '/v1/customers/:id/balance_transactions',
    ],
    ['/v1/subscriptions/sub_1MowQVLkdIwHu7ixeRlqHVzs?expand[0]=latest_invoice', '/v1/subscriptions/:id'],
    ['/v1/prices?lookup_keys[0]=pro_monthly&active=true', '/v1/prices'],
    ['/v1/coupons/chairnotes-referral-month', '/v1/coupons/:id'],
    ['/v1/coupons/RETENTION50', '/v1/coupons/:id'],
    ['/v1/billing_portal/sessions', '/v1/billing_portal/sessions'],
  ])('%s is %s', (path, pattern) => {
    expect(stripePathPattern(path)).toBe(pattern);
  });
});
