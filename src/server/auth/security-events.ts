import { desc, eq, lt } from 'drizzle-orm';
import { PRACTICE_SECURITY_EVENTS } from '../../shared/schemas/audit';
import type { SecurityEventType } from '../../shared/schemas/security';
import type { Db, Tx } from '../db/client';
import { securityEvents } from '../db/schema';
import type { Client } from '../lib/client';
import { recordMemberEvent } from '../practices/membership';

const isPracticeSecurityEvent = (
  type: SecurityEventType,
): type is (typeof PRACTICE_SECURITY_EVENTS)[number] =>
  (PRACTICE_SECURITY_EVENTS as readonly SecurityEventType[]).includes(type);

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
      // A member's sign-ins and second factors are their practice's business too: its audit trail has
      // them, recorded here, where every one of them is (docs/decisions/090-practice-and-admin-audit-trails.md).
      if (subject.userId !== undefined && subject.adminId === undefined && isPracticeSecurityEvent(type))
        await recordMemberEvent(tx, { userId: subject.userId }, type, client);
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
