import { describe, expect, it } from 'vitest';
import { lastLondonDays, londonDate } from '../../src/server/lib/london-day';

describe('London days', () => {
  it('dates a moment in London: 23:30 UTC in summer is the next day there', () => {
    expect(londonDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonDate(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });

  it('lists 90 consecutive dates ending today, even in the hour before midnight in winter', () => {
    // 89 days before 23 November reaches back into summer time: 24-hour steps from 23:30 GMT
    // gave 25 October twice and no 24 October.
    const days = lastLondonDays(90, new Date('2026-11-23T23:30:00Z'));
    expect(days).toHaveLength(90);
    expect(new Set(days).size).toBe(90);
    expect(days.at(-1)).toBe('2026-11-23');
    expect(days[0]).toBe('2026-08-26');
    expect(days).toContain('2026-10-24');
  });

  it('ends on the London date just after midnight in summer', () => {
    const days = lastLondonDays(3, new Date('2026-07-01T23:30:00Z'));
    expect(days).toEqual(['2026-06-30', '2026-07-01', '2026-07-02']);
  });
});
