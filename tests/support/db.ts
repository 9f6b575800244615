import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { PGLITE_TEMPLATE, TEMPLATE_DB, withDatabase } from './global-setup';

/** A fresh migrated database for one test file: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `chairnotes_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...database,
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
  const database = await openDatabase({ pglite: client });
  return { ...database, drop: () => database.close() };
}
