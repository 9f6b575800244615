/**
 * The database time limits on a real PostgreSQL (PGlite has neither other connections to hold a
 * lock nor a statement timeout): a query stuck behind a lock, and a server that stops answering in
 * the middle of a session, each give a prompt 503, and the app recovers when the database does.
 */
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { openMigratedDatabase } from '../../src/server/start';
import { APP_URL, client, TEST_SECRETS_KEY } from '../support/app';
import { withDatabase } from '../support/global-setup';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';
const TIMEOUT_MS = 500;
const name = `chairnotes_timeouts_${randomBytes(4).toString('hex')}`;
const url = withDatabase(PG_URL, name);

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The app on `databaseUrl` with DATABASE_TIMEOUT_MS=500 (or `timeoutMs`), as start.ts and main.ts build it. */
async function appOn(
  databaseUrl: string,
  timeoutMs = TIMEOUT_MS,
): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SECRETS_KEY: TEST_SECRETS_KEY,
    LOG_LEVEL: 'silent',
    APP_URL,
    DATABASE_TIMEOUT_MS: String(timeoutMs),
  });
  const database = await openMigratedDatabase(
    { ...config, DATABASE_URL: databaseUrl },
    { timeoutMs: config.DATABASE_TIMEOUT_MS },
  );
  const app = await buildApp({ config, database, billing: null });
  return { app, database };
}

/** Resolves after `ms`, to a message saying what did not answer in time. */
const deadline = (ms: number, what: string) =>
  new Promise<string>((resolve) =>
    setTimeout(() => resolve(`${what}: no answer after ${ms} ms`), ms).unref(),
  );

beforeAll(async () => {
  await admin((c) => c.query(`create database ${name}`));
  const database = await openDatabase({ databaseUrl: url });
  await runMigrations(database);
  await database.close();
});
afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)));

describe('a query stuck behind a lock', () => {
  it('is cancelled by statement_timeout: a prompt 503, then 200 once the lock is gone', async () => {
    const { app, database } = await appOn(url);
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      const settings = await database.db.execute<{ statement: string; idle: string }>(
        sql`select current_setting('statement_timeout') as statement,
                   current_setting('idle_in_transaction_session_timeout') as idle`,
      );
      expect(settings.rows[0]).toEqual({ statement: '500ms', idle: '500ms' });

      // Set up, not under test: the person registers through an app with the default limits. Under the
      // 500 ms ones a busy machine may keep the registration's transaction idle past its limit (password
      // hashing takes the CPU), which PostgreSQL then ends: that is the limit working, not this test.
      const roomy = await appOn(url, 10_000);
      const registering = client(roomy.app);
      const registered = await registering.post('/api/register', {
        username: 'locked',
        email: 'locked@example.com',
        password: 'correct horse battery',
        agreeTerms: true,
      });
      await roomy.app.close();
      await roomy.database.close();
      expect(registered.statusCode, registered.body).toBe(201);
      const user = client(app);
      for (const [cookie, value] of registering.jar) user.jar.set(cookie, value);
      expect((await user.get('/api/user')).statusCode).toBe(200);
      await locker.query('begin');
      await locker.query('lock table user_sessions in access exclusive mode');

      const started = Date.now();
      const res = await Promise.race([user.get('/api/user'), deadline(5000, 'GET /api/user')]);
      expect(typeof res === 'string' ? res : '').toBe('');
      const answer = res as Awaited<ReturnType<typeof user.get>>;
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toMatch(/^Service temporarily unavailable/);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);

      await locker.query('rollback');
      expect((await user.get('/api/user')).statusCode).toBe(200);
    } finally {
      await locker.end();
      await app.close();
      await database.close();
    }
  });
});

describe('a database that stops answering mid-session', () => {
  let relay: Server;
  let frozen = false;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => relay.close(resolve));
  });

  it('gives a prompt 503 (query_timeout), and answers again once it is back', async () => {
    // Between the app and PostgreSQL: passes bytes on, or, frozen, swallows them both ways.
    const target = new URL(PG_URL);
    relay = createServer((from) => {
      const to = connect(Number(target.port || 5432), target.hostname);
      sockets.push(from, to);
      from.on('data', (d) => frozen || to.write(d));
      to.on('data', (d) => frozen || from.write(d));
      for (const [a, b] of [
        [from, to],
        [to, from],
      ] as const) {
        a.on('error', () => {});
        a.on('close', () => b.destroy());
      }
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => relay.once('listening', resolve));
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String((relay.address() as { port: number }).port);

    const { app, database } = await appOn(relayed.toString());
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      frozen = true;
      const started = Date.now();
      const res = await Promise.race([
        app.inject({ method: 'GET', url: '/api/health' }),
        deadline(5000, 'GET /api/health'),
      ]);
      expect(typeof res === 'string' ? res : '').toBe('');
      expect((res as Awaited<ReturnType<typeof app.inject>>).statusCode).toBe(503);
      // statement_timeout cannot help when the server is silent: the client's own limit, a second later.
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000 + 1500);

      frozen = false;
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      frozen = false;
      await app.close();
      await database.close();
    }
  });
});
