import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { onServer, withDatabase } from './global-setup';

/** A fresh migrated database for one test file, copied from the run's template (global-setup.ts). */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const template = inject('testTemplate');
  if (template.kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `chairnotes_test_${randomBytes(6).toString('hex')}`;
    await onServer(url, `create database ${name} template ${template.database}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...database,
      async drop() {
        await database.close();
        await onServer(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(template.file)]) });
  const database = await openDatabase({ pglite: client });
  return { ...database, drop: () => database.close() };
}
