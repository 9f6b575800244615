import { fillUsernameKeys } from './auth/usernames';
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
  // Rows written before migration 0020, or by the previous release during a rolling deploy, get their
  // usernames' keys here: the key needs the confusables table, which SQL does not have (docs/decisions/071-usernames-as-they-look.md).
  const clashes = await fillUsernameKeys(database.db);
  if (clashes.length) {
    const names = clashes.map((c) => `${c.table} #${c.id} '${c.username}'`).join(', ');
    console.warn(
      `These accounts' usernames look like older ones (by case or look-alike characters) and stay as they are; ask them to choose new ones: ${names}`,
    );
  }
  // PGlite has no limits to set (one connection in this process), so it is kept open.
  if (!config.DATABASE_URL || !opts.timeoutMs) return database;
  await database.close();
  return openDatabase({ ...where, timeoutMs: opts.timeoutMs });
}
