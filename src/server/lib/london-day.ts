// A 'day' for a UK product is a day in London, not in UTC: 00:30 BST is already the next day.
const londonFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
const DAY_MS = 86_400_000;

/** The London calendar date of a moment, as YYYY-MM-DD. */
export function londonDate(date: Date): string {
  return londonFormat.format(date);
}

/** Days since 1970-01-01 of the London calendar date: consecutive dates differ by exactly 1. */
export function londonDayNumber(date: Date): number {
  return Date.parse(`${londonDate(date)}T00:00:00Z`) / DAY_MS;
}

/**
 * The last `days` London dates up to today, oldest first, as YYYY-MM-DD. Counted on the calendar,
 * not in 24-hour steps back from now: in the hour before midnight in winter, 24-hour steps that
 * reach back into summer time land an hour later on the clock, so one date came twice and the one
 * before it never.
 */
export function lastLondonDays(days: number, now = new Date()): string[] {
  const today = londonDayNumber(now);
  return Array.from({ length: days }, (_, i) =>
    new Date((today - (days - 1 - i)) * DAY_MS).toISOString().slice(0, 10),
  );
}
