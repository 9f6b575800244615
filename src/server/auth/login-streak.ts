import { londonDayNumber } from '../lib/london-day';

/** consecutiveLogins after a login at `now`: same day unchanged, the next day +1, after a gap back to 1. */
export function nextStreak(previousLogin: Date | null, previousStreak: number, now: Date): number {
  if (!previousLogin) return 1;
  const gap = londonDayNumber(now) - londonDayNumber(previousLogin);
  if (gap <= 0) return Math.max(previousStreak, 1);
  if (gap === 1) return previousStreak + 1;
  return 1;
}
