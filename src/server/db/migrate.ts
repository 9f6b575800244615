import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

// Any fixed number shared by every instance: the advisory lock that serialises migrations.
const MIGRATION_LOCK_ID = 727_274_001;

function migrationsFolder(): string {
  // Works from src/server/db (tests, dev) and from dist/server (the bundled build).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = here.includes(`${path.sep}dist${path.sep}`)
    ? path.resolve(here, '../..')
    : path.resolve(here, '../../..');
  return path.join(root, 'src/server/db/migrations');
}

/** Applies the committed migrations. On PostgreSQL several instances may start together: one migrates, the rest wait. */
export async function runMigrations(database: Database, folder = migrationsFolder()): Promise<void> {
  if (database.kind === 'pglite') {
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
