import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginChallenges } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/tokens';
import type { Account } from './second-factors';
import type { SessionKind } from './sessions';

// The sign-ins waiting for their second factor (login_challenges), found by the SHA-256 of the token in
// the browser's cookie (pending-sign-in.ts writes and reads it).

/** How long a password (or Microsoft) waits for its second factor. */
export const PENDING_MS = 5 * 60_000;

/**
 * A sign-in waiting for its second factor. `passwordRight` is false only for one begun while the account
 * was held, whose wrong password was not said to be wrong: no code finishes it.
 */
export type PendingSignIn = Account & { passwordRight: boolean; firstFactor: FirstFactor };

/** What began a sign-in that waits for its second factor: a password, or Microsoft without one of its own. */
export type FirstFactor = 'pwd' | 'fed';

export function loginChallengesRepo(db: Db) {
  return {
    async create(account: Account, passwordRight: boolean, firstFactor: FirstFactor): Promise<string> {
      const token = randomToken();
      await db.insert(loginChallenges).values({
        id: sha256Hex(token),
        kind: account.kind,
        subjectId: account.id,
        passwordRight,
        firstFactor,
        expiresAt: new Date(Date.now() + PENDING_MS),
      });
      return token;
    },

    async find(token: string, kind: SessionKind): Promise<PendingSignIn | null> {
      const [row] = await db
        .select()
        .from(loginChallenges)
        .where(
          and(
            eq(loginChallenges.id, sha256Hex(token)),
            eq(loginChallenges.kind, kind),
            gt(loginChallenges.expiresAt, new Date()),
          ),
        );
      return row
        ? { kind, id: row.subjectId, passwordRight: row.passwordRight, firstFactor: row.firstFactor }
        : null;
    },

    /** Ends it; false when it had already ended (two finishes racing: only one opens a session). */
    async end(token: string): Promise<boolean> {
      const ended = await db
        .delete(loginChallenges)
        .where(eq(loginChallenges.id, sha256Hex(token)))
        .returning({ id: loginChallenges.id });
      return ended.length > 0;
    },

    async purgeExpired(): Promise<void> {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date()));
    },
  };
}
