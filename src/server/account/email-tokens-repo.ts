import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type EMAIL_TOKEN_PURPOSES, emailTokens } from '../db/schema';

export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** Verification and email-change links, stored as the SHA-256 of the token in the link. */
export function emailTokensRepo(db: Db | Tx) {
  return {
    async create(
      token: { hash: string; userId: number; purpose: EmailTokenPurpose; email: string; expiresAt: Date },
      tx: Db | Tx = db,
    ): Promise<void> {
      const { hash, ...rest } = token;
      await tx.insert(emailTokens).values({ id: hash, ...rest });
    },

    /** Uses the token in one conditional update (two clicks cannot both succeed): what it was for, or null. */
    async claim(
      tokenHash: string,
      tx: Db | Tx = db,
    ): Promise<{ userId: number; purpose: EmailTokenPurpose; email: string } | null> {
      const [claimed] = await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.id, tokenHash),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: emailTokens.userId, purpose: emailTokens.purpose, email: emailTokens.email });
      return claimed ?? null;
    },

    async deleteAllFor(userId: number, tx: Db | Tx = db): Promise<void> {
      await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
    },

    async purgeExpired(tx: Db | Tx = db): Promise<void> {
      await tx.delete(emailTokens).where(lt(emailTokens.expiresAt, new Date()));
    },
  };
}
