import { describe, expect, it } from 'vitest';
import { nextStreak } from '../../src/server/auth/login-streak';

const at = (iso: string) => new Date(iso);

describe('consecutive login streak', () => {
  it('starts at 1 on the first login', () => {
    expect(nextStreak(null, 0, at('2026-03-01T09:00:00Z'))).toBe(1);
  });
  it('stays the same for another login on the same day', () => {
    expect(nextStreak(at('2026-03-01T08:00:00Z'), 3, at('2026-03-01T18:00:00Z'))).toBe(3);
  });
  it('grows by one on the next day', () => {
    expect(nextStreak(at('2026-03-01T08:00:00Z'), 3, at('2026-03-02T07:00:00Z'))).toBe(4);
  });
  it('goes back to 1 after a day without a login', () => {
    expect(nextStreak(at('2026-03-01T08:00:00Z'), 5, at('2026-03-03T08:00:00Z'))).toBe(1);
  });
  it('counts days in London: 23:30 UTC in summer is already the next day there', () => {
    // 2026-07-01T23:30Z is 00:30 on 2 July in London (BST).
    expect(nextStreak(at('2026-07-01T12:00:00Z'), 2, at('2026-07-01T23:30:00Z'))).toBe(3);
  });
});
