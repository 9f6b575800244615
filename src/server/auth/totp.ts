import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '../../shared/brand';

// Authenticator-app codes (RFC 6238) by otpauth: SHA-1, 6 digits, 30 s, what every app supports.
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new secret, base32 (what the person types if they cannot scan the picture). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the QR code holds: the account named as the person knows it. */
export function totpUri(secret: string, accountName: string): string {
  return new TOTP({
    ...PARAMS,
    issuer: PRODUCT_NAME,
    label: accountName,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/**
 * The time step of `code` when it is right within one step either side (a phone's clock a little
 * off), else null. The caller refuses a step already used: each code is accepted once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    ...PARAMS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now,
    window: 1,
  });
  return delta === null ? null : TOTP.counter({ period: PARAMS.period, timestamp: now }) + delta;
}
