import { ukDateTime } from '@client/lib/uk-date-time';
import { once } from '@shared/once';

// How the admin area writes dates and counts: one place for each rule (plans and statuses: shared/admin-lists.ts).

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
