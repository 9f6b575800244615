// A 'day' for a UK product is a day in London, not in UTC: a login at 00:30 BST is the next day.
const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

function dayNumber(date: Date): number {
  return Date.parse(`${londonDay.format(date)}T00:00:00Z`) / 86_400_000;
}

/** consecutiveLogins after a login at `now`: same day unchanged, the next day +1, after a gap back to 1. */
export function nextStreak(previousLogin: Date | null, previousStreak: number, now: Date): number {
  if (!previousLogin) return 1;
  const gap = dayNumber(now) - dayNumber(previousLogin);
  if (gap <= 0) return Math.max(previousStreak, 1);
  if (gap === 1) return previousStreak + 1;
  return 1;
}
