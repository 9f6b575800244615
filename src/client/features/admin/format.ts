import { ukDateTime } from '@client/lib/uk-date-time';
import { inFreeTrial } from '@shared/access';
import type { PlanId, SubscriptionStatus } from '@shared/constants';
import { once } from '@shared/once';
import { findPlan } from '@shared/plans';

// How the admin area writes dates, counts, plans and statuses: one place for each rule.

// On the UK calendar, as a UK reader writes it: '22 Nov 2026' and '22 Nov 2026, 14:05'.
const shortDate = once(
  () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' }),
);

function format(value: string | null | undefined, formatter: Intl.DateTimeFormat, missing: string): string {
  if (!value) return missing;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : formatter.format(date);
}

/** A day: 'N/A' when there is none, 'Invalid date' when it cannot be read (docs/architecture.md#errors). */
export function formatDate(value: string | null | undefined): string {
  return format(value, shortDate(), 'N/A');
}

/** A moment, to the minute; `missing` is what a missing one reads ('N/A' unless told). */
export function formatDateTime(value: string | null | undefined, missing = 'N/A'): string {
  return format(value, ukDateTime(), missing);
}

/** When a user last signed in: 'Never' for someone who has not. */
export function formatLastLogin(value: string | null | undefined): string {
  return formatDateTime(value, 'Never');
}

const dayOfChart = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const dayInFull = once(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }));

/** A calendar date the server wrote as YYYY-MM-DD (already a London day): '22 Nov', or in full. */
export function formatCalendarDay(isoDay: string, full = false): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return (full ? dayInFull() : dayOfChart()).format(date);
}

const count = once(() => new Intl.NumberFormat('en-GB'));
const oneDecimal = once(
  () => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** '100,000'. */
export function formatCount(n: number): string {
  return count().format(n);
}

/** '3.4': the dashboard's average logins per user (docs/architecture.md#constants: 1 decimal). */
export function formatOneDecimal(n: number): string {
  return oneDecimal().format(n);
}

/** '1 user', '100,000 users'. */
export function pluralise(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** The plan's name as the pricing page shows it: 'Plus (pro)' would only confuse, so 'Plus'. */
export function planName(plan: PlanId): string {
  return findPlan(plan)?.name ?? plan;
}

const statusWords: Record<SubscriptionStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  canceled: 'Cancelled',
  inactive: 'Inactive',
};

/** The subscription status in words, so it never rests on a colour. */
export function statusName(status: SubscriptionStatus): string {
  return statusWords[status] ?? status;
}

type OwnSubscription = { subscriptionStatus: SubscriptionStatus; trialEndsAt: string | null };

/** A person's own subscription is a free trial: active, but nothing paid yet (the dashboard counts trials apart too). */
export const isOwnFreeTrial = (u: OwnSubscription): boolean =>
  u.subscriptionStatus === 'active' &&
  inFreeTrial({ trialEndsAt: u.trialEndsAt ? new Date(u.trialEndsAt) : null });

/** A person's own subscription in words, a free trial named as one. */
export const ownStatusName = (u: OwnSubscription): string =>
  isOwnFreeTrial(u) ? 'Free trial' : statusName(u.subscriptionStatus);
