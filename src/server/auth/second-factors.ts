import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { passkeys, totpCredentials } from '../db/schema';

/** An account that can have second factors: a user's or an admin's. */
export type Account = { kind: 'user' | 'admin'; id: number };

/** How a pending sign-in may be finished (POST /api/login answers these). */
export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

/** The owner column of a second-factor table for this kind of account. */
export const ownerColumn = <T extends { userId: AnyPgColumn; adminId: AnyPgColumn }>(
  table: T,
  kind: Account['kind'],
) => (kind === 'user' ? table.userId : table.adminId);

/**
 * The one rule of "has a second factor" (TOTP turned on, or a passkey), as SQL over the account's id
 * column, so the session look-up answers it in the same query.
 */
export function hasSecondFactor(kind: Account['kind'], id: AnyPgColumn) {
  const totpOwner = ownerColumn(totpCredentials, kind);
  const totp = sql`exists (select 1 from ${totpCredentials} where ${totpOwner} = ${id} and ${totpCredentials.enabledAt} is not null)`;
  const passkey = sql`exists (select 1 from ${passkeys} where ${ownerColumn(passkeys, kind)} = ${id})`;
  return sql<boolean>`(${totp} or ${passkey})`.mapWith(Boolean);
}

/** The methods that can finish this account's sign-in: none when it has no second factor. */
export async function secondFactorMethods(db: Db, account: Account): Promise<SecondFactorMethod[]> {
  const [totp] = await db
    .select({ id: totpCredentials.id })
    .from(totpCredentials)
    .where(
      and(eq(ownerColumn(totpCredentials, account.kind), account.id), isNotNull(totpCredentials.enabledAt)),
    );
  const [passkey] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(ownerColumn(passkeys, account.kind), account.id))
    .limit(1);
  // Recovery codes stand in for any second factor: made with the first, gone with the last
  // (docs/decisions/102-recovery-codes-for-every-second-factor.md).
  if (!totp && !passkey) return [];
  return [...(totp ? ['totp' as const] : []), 'recovery', ...(passkey ? ['passkey' as const] : [])];
}
