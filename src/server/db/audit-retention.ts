import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Deletes the rows of an audit table (practice_events, admin_events) older than `keepDays`: the one delete
 * their trigger allows, and only in this transaction, which names the retention it keeps
 * (docs/decisions/090-practice-and-admin-audit-trails.md).
 */
export async function purgeAuditRows(
  db: Db,
  table: 'practice_events' | 'admin_events',
  keepDays: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('chairnotes.audit_retention_days', ${String(keepDays)}, true)`);
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where created_at < now() - make_interval(days => ${keepDays}::int)`,
    );
  });
}
