import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  awaitsCard,
  mapStatus,
  NO_SUBSCRIPTION,
  stateFromSubscription,
} from '../../src/server/billing/subscription-state';
import { noteAppEntitlement, sessionCapEnd } from '../../src/shared/access';
import type { PlanId, SubscriptionStatus } from '../../src/shared/constants';

const planOfPrice = (id: string) =>
  id === 'price_pro'
    ? ({ plan: 'pro', interval: 'month' } as const)
    : id === 'price_clinic'
      ? ({ plan: 'clinic', interval: 'month' } as const)
      : undefined;
const T = 1_800_000_000;

function sub(overrides: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    pause_collection: null,
    cancel_at_period_end: false,
    cancel_at: null,
    trial_end: null,
    pending_setup_intent: null,
    default_payment_method: null,
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
    const pause_collection = pause as Stripe.Subscription.PauseCollection | null;
    const noTrial = { trial_end: null, pending_setup_intent: null, default_payment_method: null };
    expect(mapStatus({ status, pause_collection, ...noTrial })).toBe(expected);
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

  it('a trial whose card is not confirmed gives nothing, and says only since when it waits', () => {
    const waiting = sub({
      status: 'trialing',
      trial_end: T,
      created: T - 60,
      pending_setup_intent: 'seti_1',
    });
    expect(stateFromSubscription(waiting, planOfPrice, 'coupon_retention')).toEqual({
      ...NO_SUBSCRIPTION,
      stripeSubscriptionId: 'sub_1',
      awaitingCardSince: new Date((T - 60) * 1000),
    });
    expect(mapStatus(waiting)).toBe('inactive');
    // Ended (by Stripe at the trial's end, or by us after a day): still nothing, and no longer waiting.
    const ended = { ...waiting, status: 'canceled' } as Stripe.Subscription;
    expect(stateFromSubscription(ended, planOfPrice, 'x')).toMatchObject({
      subscriptionStatus: 'inactive',
      awaitingCardSince: null,
    });
  });

  it.each([
    ['the SetupIntent cleared', { pending_setup_intent: null }],
    ['the card saved as the default', { pending_setup_intent: 'seti_1', default_payment_method: 'pm_1' }],
    ['the SetupIntent read as succeeded', { pending_setup_intent: { status: 'succeeded' } }],
  ])('a trial with its card confirmed (%s) holds the plan', (_how, fields) => {
    const confirmed = sub({ status: 'trialing', trial_end: T, ...fields } as Partial<Stripe.Subscription>);
    expect(awaitsCard(confirmed)).toBe(false);
    expect(stateFromSubscription(confirmed, planOfPrice, 'x')).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'active',
      awaitingCardSince: null,
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

  it('no subscription is the product defaults', () => {
    expect(stateFromSubscription(null, planOfPrice, 'x')).toEqual(NO_SUBSCRIPTION);
    expect(NO_SUBSCRIPTION).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'inactive',
      hasDiscount: false,
    });
  });

  it('the note app opens for a live paid plan only', () => {
    const access = (plan: PlanId, subscriptionStatus: SubscriptionStatus) =>
      noteAppEntitlement({ plan, subscriptionStatus, pastDueAccessUntil: null }, null).access;
    expect(access('pro', 'active')).toBe(true);
    // A failed renewal with no days of access left (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
    expect(access('clinic', 'past_due')).toBe(false);
    expect(access('pro', 'paused')).toBe(false);
    expect(access('free', 'inactive')).toBe(false);
  });

  it('a failed renewal keeps the note app open until its days end, for the owner and the members (docs/decisions/066-failed-renewal-grace-and-money-mails.md)', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const until = '2026-12-03T12:00:00.000+00:00';
    const pastDue = { plan: 'clinic', subscriptionStatus: 'past_due', pastDueAccessUntil: until } as const;
    expect(noteAppEntitlement(pastDue, null, now).access).toBe(true);
    expect(noteAppEntitlement(pastDue, null, Date.parse(until) - 1).access).toBe(true);
    expect(noteAppEntitlement(pastDue, null, Date.parse(until)).access).toBe(false);
    const member = { plan: 'free', subscriptionStatus: 'inactive', pastDueAccessUntil: null } as const;
    const practice = {
      role: 'clinician',
      ownerPlan: 'clinic',
      ownerStatus: 'past_due',
      ownerPastDueAccessUntil: until,
    } as const;
    expect(noteAppEntitlement(member, practice, now)).toEqual({
      access: true,
      plan: 'clinic',
      through: 'practice',
      blockedReason: null,
    });
    expect(noteAppEntitlement(member, practice, Date.parse(until) + 1).access).toBe(false);
    // The date means nothing once the status is another: a frozen subscription stays closed.
    expect(noteAppEntitlement({ ...pastDue, subscriptionStatus: 'paused' }, null, now).access).toBe(false);
  });

  it("a practice's members get the note app while the practice's subscription gives it, as the Practice plan", () => {
    const free = { plan: 'free', subscriptionStatus: 'inactive', pastDueAccessUntil: null } as const;
    const practice = (ownerPlan: PlanId, ownerStatus: SubscriptionStatus) => ({
      role: 'clinician' as const,
      ownerPlan,
      ownerStatus,
      ownerPastDueAccessUntil: null,
    });
    expect(noteAppEntitlement(free, practice('clinic', 'active'))).toEqual({
      access: true,
      plan: 'clinic',
      through: 'practice',
      blockedReason: null,
    });
    expect(noteAppEntitlement(free, practice('clinic', 'past_due')).access).toBe(false);
    // Frozen, cancelled (the plan falls to free) or a Plus owner: no access through the practice.
    expect(noteAppEntitlement(free, practice('clinic', 'paused'))).toEqual({
      access: false,
      plan: 'free',
      through: null,
      blockedReason: null,
    });
    expect(noteAppEntitlement(free, practice('free', 'canceled')).access).toBe(false);
    expect(noteAppEntitlement(free, practice('pro', 'active')).access).toBe(false);
    // A member with a Plus plan of their own keeps it, frozen or not, through whichever gives access:
    // the practice's when it does (the larger plan; their own they may cancel), else their own.
    const ownPlus = { plan: 'pro', subscriptionStatus: 'active', pastDueAccessUntil: null } as const;
    expect(noteAppEntitlement(ownPlus, practice('clinic', 'paused'))).toEqual({
      access: true,
      plan: 'pro',
      through: 'own',
      blockedReason: null,
    });
    expect(noteAppEntitlement(ownPlus, practice('clinic', 'active'))).toEqual({
      access: true,
      plan: 'clinic',
      through: 'practice',
      blockedReason: null,
    });
    const frozenPlus = { plan: 'pro', subscriptionStatus: 'paused', pastDueAccessUntil: null } as const;
    expect(noteAppEntitlement(frozenPlus, practice('clinic', 'active'))).toMatchObject({
      access: true,
      plan: 'clinic',
    });
    // The owner's access is their own subscription: they pay for it.
    const owner = { plan: 'clinic', subscriptionStatus: 'active', pastDueAccessUntil: null } as const;
    expect(noteAppEntitlement(owner, { ...practice('clinic', 'active'), role: 'owner' })).toEqual({
      access: true,
      plan: 'clinic',
      through: 'own',
      blockedReason: null,
    });
  });

  it("a practice's policy closes the note app to a member without a second factor, whatever plan covers them (docs/decisions/092-a-practice-sign-in-policy.md)", () => {
    const free = { plan: 'free', subscriptionStatus: 'inactive', pastDueAccessUntil: null } as const;
    const ownPlus = { plan: 'pro', subscriptionStatus: 'active', pastDueAccessUntil: null } as const;
    const practice = (requireTwoFactor: boolean, role: 'owner' | 'clinician' = 'clinician') => ({
      role,
      ownerPlan: 'clinic' as const,
      ownerStatus: 'active' as const,
      ownerPastDueAccessUntil: null,
      requireTwoFactor,
    });
    expect(noteAppEntitlement({ ...free, twoFactor: false }, practice(true))).toEqual({
      access: false,
      plan: 'clinic',
      through: null,
      blockedReason: 'two_factor_required',
    });
    // Not known is not on.
    expect(noteAppEntitlement(free, practice(true)).blockedReason).toBe('two_factor_required');
    expect(noteAppEntitlement({ ...ownPlus, twoFactor: false }, practice(true))).toMatchObject({
      access: false,
      plan: 'clinic',
      blockedReason: 'two_factor_required',
    });
    const owner = { plan: 'clinic', subscriptionStatus: 'active', pastDueAccessUntil: null } as const;
    expect(noteAppEntitlement(owner, practice(true, 'owner')).blockedReason).toBe('two_factor_required');
    expect(noteAppEntitlement({ ...free, twoFactor: true }, practice(true))).toMatchObject({
      access: true,
      blockedReason: null,
    });
    expect(noteAppEntitlement({ ...free, twoFactor: false }, practice(false))).toMatchObject({
      access: true,
      blockedReason: null,
    });
    // No plan to open it: nothing for the policy to close, and no reason given.
    const ended = { ...practice(true), ownerStatus: 'canceled' as const, ownerPlan: 'free' as const };
    expect(noteAppEntitlement({ ...free, twoFactor: false }, ended)).toEqual({
      access: false,
      plan: 'free',
      through: null,
      blockedReason: null,
    });
  });

  it("a practice's cap ends a session so many hours after it opened, or after the cap was set when later", () => {
    const opened = new Date('2026-11-27T08:00:00Z');
    const hour = 3_600_000;
    expect(sessionCapEnd(null, opened)).toBeNull();
    expect(sessionCapEnd({ sessionHours: null, sessionCapFrom: null }, opened)).toBeNull();
    expect(sessionCapEnd({ sessionHours: 8, sessionCapFrom: '2026-11-27T07:00:00Z' }, opened)).toBe(
      opened.getTime() + 8 * hour,
    );
    expect(sessionCapEnd({ sessionHours: 8, sessionCapFrom: '2026-11-27T10:00:00Z' }, opened)).toBe(
      Date.parse('2026-11-27T18:00:00Z'),
    );
  });
});
