import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { microsoftSignInsUsed } from '../db/schema';

/**
 * The Microsoft sign-ins used, by their account cookie's id (docs/decisions/105-a-microsoft-sign-in-is-used-once.md):
 * the cookie is sealed and needs no state to be read, so what makes it good for one use is recorded here.
 */
export function microsoftSignInsUsedRepo(db: Db) {
  return {
    /**
     * Records the sign-in `jti` as used; false when it was already (a copy of its cookie, or two requests
     * at once: the primary key lets one through). Kept until `expiresAt`, when the cookie is refused anyway.
     */
    async spend(jti: string, expiresAt: Date): Promise<boolean> {
      const made = await db
        .insert(microsoftSignInsUsed)
        .values({ jti, expiresAt })
        .onConflictDoNothing()
        .returning({ jti: microsoftSignInsUsed.jti });
      return made.length > 0;
    },

    async purgeExpired(): Promise<void> {
      await db.delete(microsoftSignInsUsed).where(lt(microsoftSignInsUsed.expiresAt, sql`now()`));
    },
  };
}
