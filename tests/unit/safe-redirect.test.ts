import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/client/lib/safe-redirect';
import { microsoftStartSchema } from '../../src/shared/schemas/microsoft';

// A path to send a browser back to, judged alike by the page's `?redirect=` and the server's `returnTo`
// (src/shared/paths.ts, LOCAL_PATH).

const OFF_SITE = [
  '//evil.example',
  '/\\evil.example',
  // Browsers drop tabs and newlines from an address: this is '//evil.example'.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/x',
  '/account\u0000',
  '/\u007f/x',
  'https://evil.example',
  'evil.example',
  '',
];
const LOCAL = ['/', '/account?tab=security', '/subscribe/pro?interval=year', '/oidc/interaction/abc_-1'];

const acceptedAsReturnTo = (returnTo: string) =>
  microsoftStartSchema.safeParse({ intent: 'sign-in', returnTo }).success;

describe('a path to go back to', () => {
  it('another site, or what a browser would read as one, falls back on the page and is refused by the server', () => {
    for (const value of OFF_SITE) {
      expect(safeRedirect(value, '/fallback'), JSON.stringify(value)).toBe('/fallback');
      expect(acceptedAsReturnTo(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('a path of this site is followed, and taken by the server', () => {
    for (const value of LOCAL) {
      expect(safeRedirect(value, '/fallback')).toBe(value);
      expect(acceptedAsReturnTo(value)).toBe(true);
    }
  });
});
