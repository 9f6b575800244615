import { desc, eq, lt } from 'drizzle-orm';
import type { SecurityEventType } from '../../shared/schemas/security';
import type { Db, Tx } from '../db/client';
import { securityEvents } from '../db/schema';
import type { Client } from '../lib/client';

/** Whose account an event is about: a user's (`adminId` then names the admin who acted), or an admin's own. */
export type EventSubject = { userId: number; adminId?: number } | { adminId: number; userId?: undefined };

/** How long an event is kept: a year of history answers 'was that me?', and no more is needed. */
const KEEP_EVENTS_MS = 365 * 24 * 60 * 60 * 1000;

/** How many events the Security tab shows: the recent past, not the whole history. */
const RECENT_EVENTS = 50;

/** The account history of docs/architecture.md#safety: recorded without secrets, read by the person it is about. */
export function securityEventsRepo(db: Db) {
  return {
    async record(subject: EventSubject, type: SecurityEventType, client: Client | null, tx: Db | Tx = db) {
      await tx.insert(securityEvents).values({
        userId: subject.userId ?? null,
        adminId: subject.adminId ?? null,
        type,
        ip: client?.ip ?? null,
        userAgent: client?.userAgent ?? null,
      });
    },

    recentForUser: (userId: number) =>
      db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(RECENT_EVENTS),

    async purgeOld(): Promise<void> {
      await db
        .delete(securityEvents)
        .where(lt(securityEvents.createdAt, new Date(Date.now() - KEEP_EVENTS_MS)));
    },
  };
}
