import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '../../shared/constants';
import type { Db } from '../db/client';
import { type Admin, adminSessions, admins, type User, userSessions, users } from '../db/schema';
import { batchedLookup } from '../lib/batched-lookup';
import { randomToken, sha256Hex } from '../lib/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;

export type SessionKind = 'user' | 'admin';

// User and admin sessions live in separate tables under separate cookies: one never opens the other.
const tables = {
  user: { table: userSessions, subject: userSessions.userId, owners: users },
  admin: { table: adminSessions, subject: adminSessions.adminId, owners: admins },
} as const;

type Owner = { user: User; admin: Admin };

export const SESSION_COOKIE: Record<SessionKind, string> = { user: 'cn_session', admin: 'cn_admin_session' };

export type SessionStore<K extends SessionKind = SessionKind> = ReturnType<typeof sessionStore<K>>;

export function sessionStore<K extends SessionKind>(db: Db, kind: K) {
  const { table, subject, owners } = tables[kind];
  // Every authenticated request runs this: built once and prepared, and the requests that arrive
  // together share one query (batchedLookup).
  const findSessions = db
    .select({ id: table.id, owner: owners, expiresAt: table.expiresAt })
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
      const expiresAt = new Date(Date.now() + SESSION_MS);
      // biome-ignore lint/suspicious/noExplicitAny: the row shape is chosen by kind above
      await db.insert(table).values(row(sha256Hex(token), subjectId, expiresAt) as any);
      return { token, expiresAt };
    },

    /**
     * The session's owner (the user or admin row, read in the same query: one round trip per
     * authenticated request), or null. A session used in the second half of its life is renewed
     * (sliding expiry).
     */
    async validate(token: string): Promise<{ owner: Owner[K]; expiresAt: Date; renewed: boolean } | null> {
      const id = sha256Hex(token);
      const found = await findSession(id);
      if (!found) return null;
      const owner = found.owner as Owner[K];
      const now = Date.now();
      if (found.expiresAt.getTime() <= now) {
        await db.delete(table).where(eq(table.id, id));
        return null;
      }
      if (found.expiresAt.getTime() - now < SESSION_MS / 2) {
        const expiresAt = new Date(now + SESSION_MS);
        await db.update(table).set({ expiresAt }).where(eq(table.id, id));
        return { owner, expiresAt, renewed: true };
      }
      return { owner, expiresAt: found.expiresAt, renewed: false };
    },

    async end(token: string): Promise<void> {
      await db.delete(table).where(eq(table.id, sha256Hex(token)));
    },

    /** Ends every session of the subject, but the one given (the device that asked) if any. */
    async endAllFor(subjectId: number, keepToken?: string): Promise<number> {
      const condition = keepToken
        ? and(eq(subject, subjectId), ne(table.id, sha256Hex(keepToken)))
        : eq(subject, subjectId);
      const ended = await db.delete(table).where(condition).returning({ id: table.id });
      return ended.length;
    },

    async purgeExpired(): Promise<void> {
      await db.delete(table).where(lt(table.expiresAt, new Date()));
    },
  };
}
