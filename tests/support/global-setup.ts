import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template of this run: a PostgreSQL database name, or a PGlite data directory dump. */
    testTemplate: { kind: 'postgres'; database: string } | { kind: 'pglite'; file: string };
  }
}

/**
 * Migrates one template database per run, so each test file gets a fresh, migrated database
 * cheaply: a copy of a PGlite data directory, or CREATE DATABASE ... TEMPLATE on PostgreSQL.
 * Its name is the run's own, and it is dropped at the end, so two runs on one server (or in one
 * checkout) do not pull each other's template away.
 */
export default async function setup(project: TestProject) {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = `chairnotes_template_${run}`;
    await onServer(url, `create database ${database}`);
    const template = await openDatabase({ databaseUrl: withDatabase(url, database) });
    await runMigrations(template);
    await template.close();
    project.provide('testTemplate', { kind: 'postgres', database });
    return () => onServer(url, `drop database if exists ${database} with (force)`);
  }
  const client = new PGlite();
  const template = await openDatabase({ pglite: client });
  await runMigrations(template);
  const dump = await client.dumpDataDir('gzip');
  await template.close();
  const file = path.resolve(`.tmp/pglite-template-${run}.tar.gz`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('testTemplate', { kind: 'pglite', file });
  return () => rmSync(file, { force: true });
}

/** Runs one statement on the server of `url` (CREATE and DROP DATABASE cannot share a transaction). */
export async function onServer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
