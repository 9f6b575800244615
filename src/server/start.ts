import { mkdirSync } from 'node:fs';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';

/** Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR) and migrates it. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await runMigrations(database);
  return database;
}
