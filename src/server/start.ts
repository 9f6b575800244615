import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';

/**
 * Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR) and migrates it.
 * The server's time limits (`timeoutMs`) apply only after migrating: a long migration, or an instance
 * waiting on the migration lock while another migrates, must not be cut off. Scripts (seed,
 * admin:create) pass none: seeding a million users takes longer than any request should.
 * A second process on the same embedded database (DATA_DIR) stops here with a message.
 */
export async function openMigratedDatabase(
  config: Config,
  opts: { timeoutMs?: number } = {},
): Promise<Database> {
  const where = { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR };
  const database = await openDatabase(where).catch((error) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    // A second process on the embedded database: say so and stop, before anything is written.
    console.error(error.message);
    process.exit(1);
  });
  await runMigrations(database);
  // PGlite has no limits to set (one connection in this process), so it is kept open.
  if (!config.DATABASE_URL || !opts.timeoutMs) return database;
  await database.close();
  return openDatabase({ ...where, timeoutMs: opts.timeoutMs });
}
