import { and, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/** A holder that has not finished after this long is presumed dead (a crash, a lost request). */
const LEASE_MINUTES = 2;

/**
 * A lease ("claim with expiry") kept in a timestamp column of a row: one worker at a time does the
 * job the row stands for, decided by one conditional update, and a lease whose holder died frees
 * itself after LEASE_MINUTES. `key` is the column's property name in the table.
 */
export function lease<T extends PgTable, K extends keyof T['$inferSelect'] & string>(table: T, key: K) {
  // Drizzle types a table's columns and set() per concrete table; for any table, say what they are.
  const column = (table as unknown as Record<K, PgColumn>)[key];
  return {
    /** Takes the lease on the rows `where` names; returns when it was taken, or null when another holds it. */
    async claim(db: Db | Tx, where: SQL | undefined): Promise<Date | null> {
      const now = new Date();
      const free = or(isNull(column), lt(column, sql`now() - make_interval(mins => ${LEASE_MINUTES})`));
      const taken = await db
        .update(table)
        .set({ [key]: now } as never)
        .where(and(where, free))
        .returning({ id: sql`1` });
      return taken.length ? now : null;
    },

    /** Gives the lease back before it expires, so the next attempt need not wait. */
    async release(db: Db | Tx, where: SQL | undefined): Promise<void> {
      await db
        .update(table)
        .set({ [key]: null } as never)
        .where(where);
    },
  };
}
