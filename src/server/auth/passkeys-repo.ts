import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type PasskeyRow, passkeys } from '../db/schema';
import { type Account, ownerColumn } from './second-factors';

// Passkeys are credentials, as passwords and recovery codes are: auth/ counts and ends them (a reset, a
// first second factor); passkeys/ registers and checks them with SimpleWebAuthn on top of this.

export type NewPasskey = Pick<
  PasskeyRow,
  'userId' | 'adminId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'webauthnUserId' | 'name'
>;

/** The owner columns of a new row for this account: exactly one set (passkeys_one_owner). */
export const passkeyOwner = (account: Account) =>
  account.kind === 'user' ? { userId: account.id, adminId: null } : { userId: null, adminId: account.id };

/** The account a passkey belongs to. */
export const ownerOf = (p: Pick<PasskeyRow, 'userId' | 'adminId'>): Account =>
  p.userId !== null ? { kind: 'user', id: p.userId } : { kind: 'admin', id: p.adminId! };

/** A user's and an admin's passkeys alike: every look-up is by the owning account. */
export function passkeysRepo(db: Db) {
  const of = (account: Account) => eq(ownerColumn(passkeys, account.kind), account.id);
  const mine = (account: Account, id: number) => and(of(account), eq(passkeys.id, id));
  return {
    listFor: (account: Account) =>
      db.select().from(passkeys).where(of(account)).orderBy(asc(passkeys.createdAt), asc(passkeys.id)),

    async countFor(account: Account): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(of(account));
      return row?.n ?? 0;
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    /** The new passkey; undefined when that credential is already registered (the unique index decides). */
    async add(passkey: NewPasskey): Promise<PasskeyRow | undefined> {
      const [row] = await db.insert(passkeys).values(passkey).onConflictDoNothing().returning();
      return row;
    },

    async rename(account: Account, id: number, name: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.update(passkeys).set({ name }).where(mine(account, id)).returning();
      return row;
    },

    async remove(account: Account, id: number): Promise<PasskeyRow | undefined> {
      const [row] = await db.delete(passkeys).where(mine(account, id)).returning();
      return row;
    },

    /**
     * Records a use: the new counter and when. One conditional update, so of two requests carrying the
     * same counter only one gets through; false when the counter did not move forward (a replay or a
     * cloned authenticator). Authenticators that do not count always say 0, and stay at 0.
     */
    async recordUse(id: number, newCounter: number): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: new Date() })
        .where(
          and(
            eq(passkeys.id, id),
            or(
              sql`${passkeys.counter} < ${newCounter}`,
              and(eq(passkeys.counter, 0), sql`${newCounter} = 0`),
            ),
          ),
        )
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },
  };
}
