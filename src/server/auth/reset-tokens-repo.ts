import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { passwordResetTokens } from '../db/schema';

/** Password reset tokens, stored as the SHA-256 of the token in the link. */
export function resetTokensRepo(db: Db | Tx) {
  return {
    async create(tokenHash: string, userId: number, expiresAt: Date, tx: Db | Tx = db): Promise<void> {
      await tx.insert(passwordResetTokens).values({ id: tokenHash, userId, expiresAt });
    },

    /** Uses the token, in one conditional update (two clicks cannot both succeed): its user, or null. */
    async claim(tokenHash: string, tx: Db | Tx = db): Promise<number | null> {
      const [claimed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.id, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return claimed?.userId ?? null;
    },

    async deleteAllFor(userId: number, tx: Db | Tx = db): Promise<void> {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    },

    async purgeExpired(tx: Db | Tx = db): Promise<void> {
      await tx.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
    },
  };
}
