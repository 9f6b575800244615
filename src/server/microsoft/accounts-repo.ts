import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type MicrosoftAccountRow, microsoftAccounts } from '../db/schema';

/** Users' Microsoft accounts, by `(tid, oid)` only (docs/decisions/094-sign-in-with-microsoft.md). */
export function microsoftAccountsRepo(db: Db | Tx) {
  return {
    async byAccount(tid: string, oid: string): Promise<MicrosoftAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(microsoftAccounts)
        .where(and(eq(microsoftAccounts.tid, tid), eq(microsoftAccounts.oid, oid)));
      return row;
    },

    async ofUser(userId: number): Promise<MicrosoftAccountRow | undefined> {
      const [row] = await db.select().from(microsoftAccounts).where(eq(microsoftAccounts.userId, userId));
      return row;
    },

    /** Links it; null when the account or the user is linked already (the unique indexes decide a race). */
    async link(row: { userId: number; tid: string; oid: string; username: string }) {
      const [made] = await db.insert(microsoftAccounts).values(row).onConflictDoNothing().returning();
      return made ?? null;
    },

    async unlink(userId: number): Promise<boolean> {
      const gone = await db
        .delete(microsoftAccounts)
        .where(eq(microsoftAccounts.userId, userId))
        .returning({ id: microsoftAccounts.id });
      return gone.length > 0;
    },

    async used(id: number): Promise<void> {
      await db.update(microsoftAccounts).set({ lastUsedAt: new Date() }).where(eq(microsoftAccounts.id, id));
    },
  };
}
