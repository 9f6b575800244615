import {
  PAID_PLAN_IDS,
  type PaidPlanId,
  type PlanId,
  type PracticeRole,
  type SubscriptionStatus,
} from './constants';

// The product's rules of access and money, in one place for the server, the client and the admin
// area (docs/decisions/084-one-policy-module.md). Where SQL must say the same, it is the function
// of the same name in src/server/db/access-sql.ts, tested against these on every status.

/** The statuses in which a subscription holds its plan: it can be frozen, cancelled or discounted. */
const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'paused', 'past_due'];

/** A live subscription: the user has one (a new one is refused) and its plan stays theirs. */
export function isLiveSubscription(status: SubscriptionStatus): boolean {
  return LIVE_STATUSES.includes(status);
}

type PlanAndStatus = { plan: PlanId; subscriptionStatus: SubscriptionStatus };

/**
 * A paying subscription, as the admin's figures and lists count it: a paid plan, active (paid, or in
 * its trial). A frozen, overdue or cancelled one is not counted.
 */
export function isPaidAndActive({ plan, subscriptionStatus }: PlanAndStatus): boolean {
  return (PAID_PLAN_IDS as readonly PlanId[]).includes(plan) && subscriptionStatus === 'active';
}

/** The plan a practice runs on: the owner's Practice plan. */
export const PRACTICE_PLAN = 'clinic' satisfies PaidPlanId;

/** The owner's plan is the one a practice runs on (live or not: see practiceRunsOnItsPlan for access). */
export function isPracticePlan(plan: PlanId): plan is typeof PRACTICE_PLAN {
  return plan === PRACTICE_PLAN;
}

/** A practice whose owner pays for it, paid and active: the admin's practice list marks it so. */
export function isPayingPractice(owner: PlanAndStatus): boolean {
  return isPracticePlan(owner.plan) && isPaidAndActive(owner);
}

/** The roles that manage a practice (invite, remove, rename): its owner and its admins. */
export const MANAGER_ROLES = ['owner', 'admin'] as const satisfies readonly PracticeRole[];

export function isManager(role: PracticeRole): boolean {
  return (MANAGER_ROLES as readonly PracticeRole[]).includes(role);
}

/** Days a failed renewal keeps the note app open (docs/decisions/066-failed-renewal-grace-and-money-mails.md). */
export const PAST_DUE_ACCESS_DAYS = 7;

type SubscriptionHolder = PlanAndStatus & {
  /** Until when a failed renewal keeps access (a date, or its ISO text from a JSON column). */
  pastDueAccessUntil: Date | string | null;
};

/**
 * A subscription that gives its plan now: active (paid, or in its trial), or past_due within the
 * days a failed renewal keeps access. Not frozen.
 */
function givesAccess(holder: SubscriptionHolder, now: number): boolean {
  if (holder.plan === 'free') return false;
  if (holder.subscriptionStatus === 'active') return true;
  return (
    holder.subscriptionStatus === 'past_due' &&
    holder.pastDueAccessUntil !== null &&
    new Date(holder.pastDueAccessUntil).getTime() > now
  );
}

/**
 * Why the note app is closed to someone whose plan would open it: their practice's sign-in policy
 * asks for a second factor they have not turned on (docs/decisions/092-a-practice-sign-in-policy.md).
 * The note app reads it as the claim `access_blocked_reason`.
 */
type AccessBlockedReason = 'two_factor_required';

/** What gives a person the note app: their own subscription, or their practice's (its owner's). */
export type Entitlement =
  | { access: true; plan: PaidPlanId; through: 'own' | 'practice'; blockedReason: null }
  | { access: false; plan: PlanId; through: null; blockedReason: AccessBlockedReason | null };

/**
 * What a person has of a second factor, for a practice's policy: `twoFactor`, one of ours turned on (then
 * every sign-in of theirs proves it); `microsoftMfa`, the sign-in in question was Microsoft's with
 * Microsoft's second factor (its `amr` has `mfa`), which proves it for that sign-in only
 * (docs/decisions/094-sign-in-with-microsoft.md). Unknown counts as without.
 */
export type SecondFactorFacts = { twoFactor?: boolean; microsoftMfa?: boolean };

/**
 * What a practice's policy asks of its members before the note app opens: with `requireTwoFactor`, a
 * second factor, theirs or Microsoft's at this sign-in. Any member, the owner too, whichever plan covers
 * them: the practice governs the access of its team.
 */
export function policyBlock(
  person: SecondFactorFacts,
  practice: { requireTwoFactor?: boolean } | null,
): AccessBlockedReason | null {
  const proved = person.twoFactor === true || person.microsoftMfa === true;
  return practice?.requireTwoFactor && !proved ? 'two_factor_required' : null;
}

/**
 * Who may open the note-writing app, and through which plan: one rule, read by the menu, the API and
 * the note app's claims. A person's own subscription counts, and so does membership of a practice
 * whose subscription (its owner's) gives access, exactly as it gives the owner. A member covered by
 * their practice is on the Practice plan through it even when they also pay for Plus themselves:
 * Practice is the larger plan, and their own is one they may cancel.
 */
export function noteAppEntitlement(
  user: SubscriptionHolder & SecondFactorFacts,
  practice: {
    role: PracticeRole;
    ownerPlan: PlanId;
    ownerStatus: SubscriptionStatus;
    ownerPastDueAccessUntil: Date | string | null;
    requireTwoFactor?: boolean;
  } | null,
  now = Date.now(),
): Entitlement {
  const open = planEntitlement(user, practice, now);
  const blockedReason = open.access ? policyBlock(user, practice) : null;
  return blockedReason ? { access: false, plan: open.plan, through: null, blockedReason } : open;
}

/** The entitlement the plans give, before the practice's policy has its say. */
function planEntitlement(
  user: SubscriptionHolder,
  practice: Parameters<typeof noteAppEntitlement>[1],
  now: number,
): Entitlement {
  if (
    practice &&
    practice.role !== 'owner' &&
    isPracticePlan(practice.ownerPlan) &&
    givesAccess(
      {
        plan: practice.ownerPlan,
        subscriptionStatus: practice.ownerStatus,
        pastDueAccessUntil: practice.ownerPastDueAccessUntil,
      },
      now,
    )
  )
    return { access: true, plan: PRACTICE_PLAN, through: 'practice', blockedReason: null };
  if (givesAccess(user, now) && user.plan !== 'free')
    return { access: true, plan: user.plan, through: 'own', blockedReason: null };
  return { access: false, plan: user.plan, through: null, blockedReason: null };
}

/** A practice's members have the note app through it: its owner's Practice plan gives access now. */
export function practiceGivesAccess(owner: SubscriptionHolder, now = Date.now()): boolean {
  return isPracticePlan(owner.plan) && planEntitlement(owner, null, now).access;
}

/**
 * When a practice's cap ends a member's session (ChairNotes' or the note app's) opened at `openedAt`, or
 * null without a cap. A cap set after the session opened counts from when it was set, so lowering it
 * ends no one's session at once (docs/decisions/092-a-practice-sign-in-policy.md).
 */
export function sessionCapEnd(
  practice: { sessionHours: number | null; sessionCapFrom: Date | string | null } | null,
  openedAt: Date,
): number | null {
  if (!practice?.sessionHours) return null;
  const from = Math.max(
    openedAt.getTime(),
    practice.sessionCapFrom ? new Date(practice.sessionCapFrom).getTime() : 0,
  );
  return from + practice.sessionHours * 3_600_000;
}

/** UK VAT, included in every price (the prices say 'inc. VAT'): the rate made in Stripe (billing/catalog.ts). */
export const VAT_PERCENT = 20;

/** The tax of every subscription and one-off item we create in Stripe: our inclusive VAT rate. */
export function withVat(vatRateId: string): { default_tax_rates: string[] } {
  return { default_tax_rates: [vatRateId] };
}

/**
 * In its free trial: a paid plan's trial date still ahead. The sync keeps `trialEndsAt` only for a real
 * trial, not for a renewal moved later by Stripe's `trial_end` (billing/subscription-state.ts).
 */
export function inFreeTrial({ trialEndsAt }: { trialEndsAt: Date | null }, now = Date.now()): boolean {
  return trialEndsAt !== null && trialEndsAt.getTime() > now;
}
