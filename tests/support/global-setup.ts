import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

export const TEMPLATE_DB = 'chairnotes_test_template';
export const PGLITE_TEMPLATE = path.resolve('.tmp/pglite-template.tar.gz');

/**
 * Migrates one template database per run, so each test file gets a fresh, migrated database
 * cheaply: a copy of a PGlite data directory, or CREATE DATABASE ... TEMPLATE on PostgreSQL.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await runMigrations(database);
    await database.close();
    return;
  }
  const client = new PGlite();
  const database = await openDatabase({ pglite: client });
  await runMigrations(database);
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
