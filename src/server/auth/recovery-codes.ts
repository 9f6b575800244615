import { createHmac } from 'node:crypto';
import { and, eq, notLike } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recoveryCodes } from '../db/schema';
import { normalRecoveryCode, sha256Hex } from '../lib/tokens';

// Recovery codes at rest (docs/decisions/068-second-factors-need-fresh-proof.md): 50 random bits each,
// too few for a bare SHA-256 (a copy of the database could be searched through on a graphics card), so
// each is kept as an HMAC under a key derived from SECRETS_KEY, which the database does not hold.
// The HMAC is taken over the code's SHA-256, the form stored before: rows from then are re-keyed in
// place (rehashLegacyRecoveryCodes) without their codes, which were never kept.

const VERSION = 'v1.';

const keyFor = (secretsKey: Buffer) =>
  createHmac('sha256', secretsKey).update('chairnotes recovery codes').digest();

const keyed = (key: Buffer, legacyHash: string) =>
  `${VERSION}${createHmac('sha256', key).update(legacyHash).digest('hex')}`;

/** The stored form of a recovery code as typed (any case, spaces or dashes). */
export const recoveryCodeHash = (secretsKey: Buffer, typed: string): string =>
  recoveryCodeForms(secretsKey, typed)[0];

/**
 * The forms a code as typed may be stored in: today's, and the bare SHA-256 of before, for a row not
 * re-keyed yet (the app re-keys them as it starts: a moment after an upgrade).
 */
export function recoveryCodeForms(secretsKey: Buffer, typed: string): [string, string] {
  const legacy = sha256Hex(normalRecoveryCode(typed));
  return [keyed(keyFor(secretsKey), legacy), legacy];
}

/**
 * Re-keys the codes still stored as a bare SHA-256 (made before the HMAC); how many. Each row is
 * changed only while it still holds the old form, so two instances doing it at once agree.
 */
export async function rehashLegacyRecoveryCodes(db: Db, secretsKey: Buffer): Promise<number> {
  const key = keyFor(secretsKey);
  const legacy = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(notLike(recoveryCodes.codeHash, `${VERSION}%`));
  for (const row of legacy)
    await db
      .update(recoveryCodes)
      .set({ codeHash: keyed(key, row.codeHash) })
      .where(and(eq(recoveryCodes.id, row.id), eq(recoveryCodes.codeHash, row.codeHash)));
  return legacy.length;
}
