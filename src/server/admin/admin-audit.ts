import { desc, lt } from 'drizzle-orm';
import type { AdminEventAction } from '../../shared/schemas/audit';
import { purgeAuditRows } from '../db/audit-retention';
import type { Db, Tx } from '../db/client';
import { type Admin, adminEvents } from '../db/schema';
import type { Client } from '../lib/client';

// The admin area's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): every view of a
// person's data and every action, written by this module and only appended.

export type AdminEventInput = {
  admin: Pick<Admin, 'id' | 'username'>;
  action: AdminEventAction;
  /** The person whose data it was, or the list viewed (`{ name: 'users' }`). */
  subject: { userId?: number | null; name: string } | null;
  detail?: string | null;
  client: Client | null;
};

export async function recordAdminEvent(db: Db | Tx, event: AdminEventInput): Promise<void> {
  await db.insert(adminEvents).values({
    adminId: event.admin.id,
    adminName: event.admin.username,
    action: event.action,
    subjectUserId: event.subject?.userId ?? null,
    subjectName: event.subject?.name ?? null,
    detail: event.detail ?? null,
    ip: event.client?.ip ?? null,
    userAgent: event.client?.userAgent ?? null,
  });
}

/** Reading the trail, and its retention; nothing here changes a row. */
export function adminAuditRepo(db: Db) {
  return {
    /** The events older than `before` (an id), newest first. */
    page: (before: number | undefined, limit: number) =>
      db
        .select()
        .from(adminEvents)
        .where(before === undefined ? undefined : lt(adminEvents.id, before))
        .orderBy(desc(adminEvents.id))
        .limit(limit),

    purgeOld: (keepDays: number) => purgeAuditRows(db, 'admin_events', keepDays),
  };
}
