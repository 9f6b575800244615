import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  hasNoteAppAccess,
  mapStatus,
  NO_SUBSCRIPTION,
  stateFromSubscription,
} from '../../src/server/billing/subscription-state';

const planOfPrice = (id: string) =>
  id === 'price_pro' ? 'pro' : id === 'price_clinic' ? 'clinic' : undefined;
const T = 1_800_000_000;

function sub(overrides: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    pause_collection: null,
    cancel_at_period_end: false,
    cancel_at: null,
    trial_end: null,
    discounts: [],
    items: { data: [{ price: { id: 'price_pro' }, current_period_end: T }] },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

describe('subscription state from Stripe', () => {
  it.each([
    ['trialing', null, 'active'],
    ['active', null, 'active'],
    ['active', { behavior: 'void', resumes_at: T }, 'paused'],
    ['past_due', null, 'past_due'],
    ['unpaid', null, 'past_due'],
    ['canceled', null, 'canceled'],
    ['incomplete_expired', null, 'canceled'],
    ['incomplete', null, 'inactive'],
  ] as const)('Stripe %s (pause %o) is our %s', (status, pause, expected) => {
    expect(mapStatus({ status, pause_collection: pause as Stripe.Subscription.PauseCollection | null })).toBe(
      expected,
    );
  });

  it('a trial holds the plan and says when it ends', () => {
    const state = stateFromSubscription(
      sub({ status: 'trialing', trial_end: T }),
      planOfPrice,
      'coupon_retention',
    );
    expect(state).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'active',
      trialEndsAt: new Date(T * 1000),
    });
  });

  it('a frozen subscription keeps its plan and says when it resumes', () => {
    const state = stateFromSubscription(
      sub({ pause_collection: { behavior: 'void', resumes_at: T } } as Partial<Stripe.Subscription>),
      planOfPrice,
      'coupon_retention',
    );
    expect(state).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'paused',
      pausedUntil: new Date(T * 1000),
    });
  });

  it('an ended subscription leaves the user on free', () => {
    const state = stateFromSubscription(sub({ status: 'canceled' }), planOfPrice, 'coupon_retention');
    expect(state).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
      stripeSubscriptionId: 'sub_1',
    });
  });

  it('reads the clinic plan from its price, the pending cancellation and the retention discount', () => {
    const state = stateFromSubscription(
      sub({
        cancel_at_period_end: true,
        items: { data: [{ price: { id: 'price_clinic' }, current_period_end: T }] },
        discounts: [{ source: { coupon: 'coupon_retention' } }],
      } as unknown as Partial<Stripe.Subscription>),
      planOfPrice,
      'coupon_retention',
    );
    expect(state).toMatchObject({
      plan: 'clinic',
      cancelAtPeriodEnd: true,
      hasDiscount: true,
      currentPeriodEnd: new Date(T * 1000),
    });
  });

  it('no subscription is the spec defaults', () => {
    expect(stateFromSubscription(null, planOfPrice, 'x')).toEqual(NO_SUBSCRIPTION);
    expect(NO_SUBSCRIPTION).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
      hasDiscount: false,
    });
  });

  it('the note app opens for a live paid plan only', () => {
    expect(hasNoteAppAccess({ plan: 'pro', subscriptionStatus: 'active' })).toBe(true);
    expect(hasNoteAppAccess({ plan: 'clinic', subscriptionStatus: 'past_due' })).toBe(true);
    expect(hasNoteAppAccess({ plan: 'pro', subscriptionStatus: 'paused' })).toBe(false);
    expect(hasNoteAppAccess({ plan: 'free', subscriptionStatus: 'inactive' })).toBe(false);
  });
});
