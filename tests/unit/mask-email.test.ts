import { describe, expect, it } from 'vitest';
import { maskEmail } from '../../src/shared/mask-email';

describe('maskEmail', () => {
  it('keeps the first two letters and the domain, enough for its owner to recognise', () => {
    expect(maskEmail('victoria@example.com')).toBe('vi…@example.com');
    expect(maskEmail('vi@example.com')).toBe('v…@example.com');
    expect(maskEmail('v@example.com')).toBe('v…@example.com');
  });

  it('gives nothing away for something that is not an address', () => {
    expect(maskEmail('not an address')).toBe('…');
    expect(maskEmail('@example.com')).toBe('…');
  });
});
