import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { repositoryRoot } from '../lib/repository-root';
import type { Database, Db } from './client';

// Any fixed number shared by every instance: the advisory lock that serialises migrations.
const MIGRATION_LOCK_ID = 727_274_001;

function migrationsFolder(): string {
  return path.join(repositoryRoot(import.meta.url), 'src/server/db/migrations');
}

/** Applies the committed migrations. On PostgreSQL several instances may start together: one migrates, the rest wait. */
export async function runMigrations(database: Database, folder = migrationsFolder()): Promise<void> {
  if (database.kind === 'pglite') {
    // Imported here, with PGlite itself (db/client.ts): a server on PostgreSQL never loads it.
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  await database.withConnection(async (query) => {
    await query(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migratePg(database.db, { migrationsFolder: folder });
    } finally {
      await query(`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  });
}

type JournalEntry = { tag: string; when: number };

/** The migrations this build carries, from drizzle-kit's journal (what drizzle's migrator reads too). */
export function migrationJournal(folder = migrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  return (journal.entries as JournalEntry[]).map(({ tag, when }) => ({ tag, when }));
}

/**
 * The journal's migrations the database has not applied, by drizzle's own rule: a migration is applied
 * when the latest one recorded in drizzle.__drizzle_migrations is not older than it. A database ahead
 * of this build (a newer instance migrated it) has none pending.
 */
export async function pendingMigrations(db: Db, journal: JournalEntry[]): Promise<string[]> {
  const table = await db.execute<{ name: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table.rows[0]?.name) return journal.map((entry) => entry.tag);
  const latest = await db.execute<{ at: string | null }>(
    sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  const appliedUpTo = Number(latest.rows[0]?.at ?? 0);
  return journal.filter((entry) => entry.when > appliedUpTo).map((entry) => entry.tag);
}
