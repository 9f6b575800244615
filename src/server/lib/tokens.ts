import { createHash, randomBytes } from 'node:crypto';

/** 160 random bits, URL-safe: the Copenhagen Book's recommendation for session and reset tokens. */
export function randomToken(): string {
  return randomBytes(20).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// Unambiguous upper-case characters: codes are read aloud and typed from paper.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function referralCode(length = 8): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}
