import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type Admin, adminSessions, admins, type User, userSessions, users } from '../db/schema';
import { batchedLookup } from '../lib/batched-lookup';
import { randomToken, sha256Hex } from '../lib/tokens';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export type SessionKind = 'user' | 'admin';

/**
 * How long a session lives (design.md section 6): `idleMs` after its last use (sliding), and never more
 * than `maxMs` after sign-in. A use moves the expiry on only when that gains `renewStepMs` or more, so
 * a busy session is not written on every request.
 */
const SESSION_LIFETIMES: Record<SessionKind, { idleMs: number; maxMs: number; renewStepMs: number }> = {
  user: { idleMs: 30 * DAY_MS, maxMs: 90 * DAY_MS, renewStepMs: 15 * DAY_MS },
  admin: { idleMs: 30 * MINUTE_MS, maxMs: 12 * 60 * MINUTE_MS, renewStepMs: MINUTE_MS },
};

// User and admin sessions live in separate tables under separate cookies: one never opens the other.
const tables = {
  user: { table: userSessions, subject: userSessions.userId, owners: users },
  admin: { table: adminSessions, subject: adminSessions.adminId, owners: admins },
} as const;

type Owner = { user: User; admin: Admin };

export type SessionStore<K extends SessionKind = SessionKind> = ReturnType<typeof sessionStore<K>>;

export function sessionStore<K extends SessionKind>(db: Db, kind: K) {
  const { table, subject, owners } = tables[kind];
  const { idleMs, maxMs, renewStepMs } = SESSION_LIFETIMES[kind];
  // Every authenticated request runs this: built once and prepared, and the requests that arrive
  // together share one query (batchedLookup).
  const findSessions = db
    .select({ id: table.id, owner: owners, expiresAt: table.expiresAt, createdAt: table.createdAt })
    .from(table)
    .innerJoin(owners, eq(owners.id, subject))
    .where(sql`${table.id} = any(${sql.placeholder('ids')})`)
    .prepare(`find_${kind}_sessions`);
  const findSession = batchedLookup(async (ids) => {
    const rows = await findSessions.execute({ ids });
    return new Map(rows.map((r) => [r.id, r]));
  });
  const row = (id: string, subjectId: number, expiresAt: Date) =>
    kind === 'user' ? { id, userId: subjectId, expiresAt } : { id, adminId: subjectId, expiresAt };

  return {
    async create(subjectId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + idleMs);
      // biome-ignore lint/suspicious/noExplicitAny: the row shape is chosen by kind above
      await db.insert(table).values(row(sha256Hex(token), subjectId, expiresAt) as any);
      return { token, expiresAt };
    },

    /**
     * The session's owner (the user or admin row, read in the same query: one round trip per
     * authenticated request), or null once it is idle or too old. A use renews it (sliding expiry),
     * up to its absolute end.
     */
    async validate(token: string): Promise<{ owner: Owner[K]; expiresAt: Date; renewed: boolean } | null> {
      const id = sha256Hex(token);
      const found = await findSession(id);
      if (!found) return null;
      const owner = found.owner as Owner[K];
      const now = Date.now();
      const end = found.createdAt.getTime() + maxMs;
      if (found.expiresAt.getTime() <= now || end <= now) {
        await db.delete(table).where(eq(table.id, id));
        return null;
      }
      const renewal = Math.min(now + idleMs, end);
      if (renewal - found.expiresAt.getTime() >= renewStepMs) {
        const expiresAt = new Date(renewal);
        await db.update(table).set({ expiresAt }).where(eq(table.id, id));
        return { owner, expiresAt, renewed: true };
      }
      return { owner, expiresAt: found.expiresAt, renewed: false };
    },

    async end(token: string): Promise<void> {
      await db.delete(table).where(eq(table.id, sha256Hex(token)));
    },

    /** Ends every session of the subject, but the one given (the device that asked) if any. */
    async endAllFor(subjectId: number, keepToken?: string, tx: Db | Tx = db): Promise<number> {
      const condition = keepToken
        ? and(eq(subject, subjectId), ne(table.id, sha256Hex(keepToken)))
        : eq(subject, subjectId);
      const ended = await tx.delete(table).where(condition).returning({ id: table.id });
      return ended.length;
    },

    async purgeExpired(): Promise<void> {
      const now = Date.now();
      await db
        .delete(table)
        .where(or(lt(table.expiresAt, new Date(now)), lt(table.createdAt, new Date(now - maxMs))));
    },
  };
}
