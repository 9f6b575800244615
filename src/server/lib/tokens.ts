import { createHash, randomBytes } from 'node:crypto';

/** 160 random bits, URL-safe: the Copenhagen Book's recommendation for session and reset tokens. */
export function randomToken(): string {
  return randomBytes(20).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// Unambiguous upper-case characters: codes are read aloud and typed from paper.
// 32 of them: a random byte modulo 32 is unbiased.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function readableCode(length: number): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

export function referralCode(length = 8): string {
  return readableCode(length);
}

/** A recovery code, shown as XXXXX-XXXXX: 50 random bits, from the same unambiguous characters. */
export function recoveryCode(): string {
  const code = readableCode(10);
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed (any case, spaces or dashes anywhere) in its stored form, for hashing. */
export function normalRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}
