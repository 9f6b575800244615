import { and, desc, eq, lt } from 'drizzle-orm';
import type { PracticeEventAction } from '../../shared/schemas/audit';
import { purgeAuditRows } from '../db/audit-retention';
import type { Db, Tx } from '../db/client';
import { practiceEvents } from '../db/schema';
import type { Client } from '../lib/client';

// A practice's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): every event of the
// practice is written by this module, and only appended; the database refuses anything else.

/** Someone as the trail names them: their id, and their username as it was then. */
type Person = { id: number; username: string };

export type PracticeEventInput = {
  practiceId: number;
  action: PracticeEventAction;
  /** Who did it; null when nobody did (a subscription's webhook). */
  actor: Person | null;
  /** Whom it was done to: a member (with their id), or an invitation's address. */
  subject?: { userId?: number | null; name: string } | null;
  detail?: string | null;
  /** From where; null when not from a browser. */
  client: Client | null;
};

/** Appends one event to a practice's trail, in the caller's transaction when it has one; gives its time. */
export async function recordPracticeEvent(db: Db | Tx, event: PracticeEventInput): Promise<Date> {
  const [row] = await db
    .insert(practiceEvents)
    .values({
      practiceId: event.practiceId,
      action: event.action,
      actorUserId: event.actor?.id ?? null,
      actorName: event.actor?.username ?? null,
      subjectUserId: event.subject?.userId ?? null,
      subjectName: event.subject?.name ?? null,
      detail: event.detail ?? null,
      ip: event.client?.ip ?? null,
      userAgent: event.client?.userAgent ?? null,
    })
    .returning({ createdAt: practiceEvents.createdAt });
  if (!row) throw new Error('the practice event was not written');
  return row.createdAt;
}

/** Reading the trail, and its retention; nothing here changes a row. */
export function practiceAuditRepo(db: Db) {
  return {
    /** The practice's events older than `before` (an id), newest first. */
    page: (practiceId: number, before: number | undefined, limit: number) =>
      db
        .select()
        .from(practiceEvents)
        .where(
          and(
            eq(practiceEvents.practiceId, practiceId),
            before === undefined ? undefined : lt(practiceEvents.id, before),
          ),
        )
        .orderBy(desc(practiceEvents.id))
        .limit(limit),

    /** The practice's newest event of one kind, or undefined. */
    latest: async (practiceId: number, action: PracticeEventAction, tx?: Tx) =>
      (
        await (tx ?? db)
          .select()
          .from(practiceEvents)
          .where(and(eq(practiceEvents.practiceId, practiceId), eq(practiceEvents.action, action)))
          .orderBy(desc(practiceEvents.id))
          .limit(1)
      )[0],

    purgeOld: (keepDays: number) => purgeAuditRows(db, 'practice_events', keepDays),
  };
}
