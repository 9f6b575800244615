// @module-tag database-differences: the migrations, read from each database (vitest.config.ts).
/**
 * GET /api/health/ready, what a load balancer asks before sending an instance traffic: 200 only when
 * the database answers and holds every migration this build carries (drizzle's journal against the
 * database's drizzle.__drizzle_migrations). /api/health stays the liveness answer: the database answers.
 * Shutting down (503 on SIGTERM) is tested on the built server in lifecycle.test.ts.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { createTestApp } from '../support/app';

const journal: { tag: string }[] = JSON.parse(
  readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8'),
).entries;
const first = journal[0]!.tag;
const last = journal.at(-1)!.tag;

const t = await createTestApp();
afterAll(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });
const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

describe('readiness', () => {
  it('is 200 on a database with every migration applied', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('is 503 naming the migration the database lacks, while liveness stays 200', async () => {
    // The database as an older build left it: its newest migration not recorded as applied.
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ status: 'not ready', message: `migrations not applied: ${last}` });
    expect((await health()).statusCode).toBe(200);
  });

  it('is 503 naming every migration on a database none was ever applied to', async () => {
    await t.db.execute(sql`drop schema drizzle cascade`);
    const res = await ready();
    expect(res.statusCode).toBe(503);
    const { message } = res.json();
    expect(message).toBe(`migrations not applied: ${journal.map((e) => e.tag).join(', ')}`);
    expect(message).toContain(first);
  });

  it('is 503 when the database does not answer', async () => {
    // A PostgreSQL that is not there: nothing listens on the port, every connection is refused.
    const closed = await freePort();
    const database = await openDatabase({
      databaseUrl: `postgres://app:secret@127.0.0.1:${closed}/gone`,
      timeoutMs: 1000,
    });
    const app = await buildApp({ config: t.config, database, billing: null });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', message: 'the database is not answering' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
