import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { recoveryCodes, totpCredentials } from '../db/schema';
import { type Account, ownerColumn } from './second-factors';

const owner = (account: Account) =>
  account.kind === 'user' ? { userId: account.id, adminId: null } : { userId: null, adminId: account.id };

/** An account's authenticator app and recovery codes (users' and admins' alike). */
export function twoFactorRepo(db: Db) {
  const totpOf = (account: Account) => eq(ownerColumn(totpCredentials, account.kind), account.id);
  const codesOf = (account: Account) => eq(ownerColumn(recoveryCodes, account.kind), account.id);

  return {
    async findTotp(account: Account) {
      const [row] = await db.select().from(totpCredentials).where(totpOf(account));
      return row;
    },

    /** Keeps a new pending secret (sealed), replacing a pending one; never one turned on (false then). */
    async savePending(account: Account, sealedSecret: string): Promise<boolean> {
      const target = account.kind === 'user' ? totpCredentials.userId : totpCredentials.adminId;
      const saved = await db
        .insert(totpCredentials)
        .values({ ...owner(account), secret: sealedSecret })
        .onConflictDoUpdate({
          target,
          set: { secret: sealedSecret, createdAt: new Date(), lastUsedStep: null },
          setWhere: isNull(totpCredentials.enabledAt),
        })
        .returning({ id: totpCredentials.id });
      return saved.length > 0;
    },

    /**
     * Records `step` as used, if no later or equal step was: false when it was (a code replayed, or
     * two requests racing with one code: only one wins). `pending` turns the credential on with it.
     */
    async spendStep(account: Account, step: number, { pending = false } = {}, tx: Db | Tx = db) {
      const used = await tx
        .update(totpCredentials)
        .set(pending ? { lastUsedStep: step, enabledAt: new Date() } : { lastUsedStep: step })
        .where(
          and(
            totpOf(account),
            pending ? isNull(totpCredentials.enabledAt) : isNotNull(totpCredentials.enabledAt),
            or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
          ),
        )
        .returning({ id: totpCredentials.id });
      return used.length > 0;
    },

    /** A new set of recovery codes (their hashes), replacing the old set. */
    async replaceRecoveryCodes(account: Account, hashes: string[], tx: Db | Tx = db): Promise<void> {
      await tx.delete(recoveryCodes).where(codesOf(account));
      await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ ...owner(account), codeHash })));
    },

    /** Uses up the code stored in one of these forms: false when the account has no such unused code. */
    async spendRecoveryCode(account: Account, forms: string[]): Promise<boolean> {
      const used = await db
        .delete(recoveryCodes)
        .where(and(codesOf(account), inArray(recoveryCodes.codeHash, forms)))
        .returning({ id: recoveryCodes.id });
      return used.length > 0;
    },

    async recoveryCodesLeft(account: Account): Promise<number> {
      const [row] = await db.select({ n: count() }).from(recoveryCodes).where(codesOf(account));
      return row?.n ?? 0;
    },

    /** Turns the authenticator app off: its secret goes (the recovery codes are the service's to keep or not). */
    async removeTotp(account: Account): Promise<void> {
      await db.delete(totpCredentials).where(totpOf(account));
    },

    async removeRecoveryCodes(account: Account): Promise<void> {
      await db.delete(recoveryCodes).where(codesOf(account));
    },
  };
}
