import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { users } from '../../src/server/db/schema';
import { onServer, withDatabase } from '../support/global-setup';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-lifecycle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('embedded database', () => {
  it('keeps data across restarts, and migrating again changes nothing', { timeout: 60_000 }, async () => {
    const dataDir = path.join(tmp, 'pglite');
    const first = await openDatabase({ dataDir });
    await runMigrations(first);
    await first.db.insert(users).values({ username: 'kept', email: 'kept@example.com', password: 'x' });
    await first.close();

    const second = await openDatabase({ dataDir });
    await runMigrations(second);
    const rows = await second.db.select({ username: users.username }).from(users);
    expect(rows).toEqual([{ username: 'kept' }]);
    await second.close();
  });
});

// Only where a PostgreSQL is given (CI sets TEST_DATABASE_URL); PGlite has one connection and no lock to test.
if (process.env.TEST_DATABASE_URL)
  describe('PostgreSQL migrations', () => {
    it('several instances starting together apply each migration once, under the advisory lock', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `chairnotes_migrate_${randomBytes(6).toString('hex')}`;
      await onServer(url, `create database ${name}`);
      try {
        const instances = await Promise.all(
          [1, 2, 3].map(() => openDatabase({ databaseUrl: withDatabase(url, name) })),
        );
        await Promise.all(instances.map((d) => runMigrations(d)));
        const applied = await instances[0]!.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const files = readdirSync('src/server/db/migrations').filter((f) => f.endsWith('.sql'));
        expect(applied.rows[0]?.n).toBe(files.length);
        await instances[0]!.db
          .insert(users)
          .values({ username: 'one', email: 'one@example.com', password: 'x' });
        await Promise.all(instances.map((d) => d.close()));
      } finally {
        await onServer(url, `drop database if exists ${name} with (force)`);
      }
    });
  });

describe('the built server', () => {
  let child: ChildProcess;
  let base: string;
  let output = '';

  beforeAll(async () => {
    const build = spawnSync('node', ['scripts/build-server.mjs'], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const port = await freePort();
    base = `http://localhost:${port}`;
    child = spawn('node', ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: path.join(tmp, 'server'),
        LOG_LEVEL: 'info',
        APP_URL: base,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => {
      output += d;
    });
    child.stderr!.on('data', (d) => {
      output += d;
    });
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
        const health = await fetch(`${base}/api/health`).catch(() => undefined);
        if (!health?.ok) throw new Error(`server did not start:\n${output}`);
      },
      { timeout: 30_000, interval: 100 },
    );
  }, 60_000);

  it('prints the first admin password once on a fresh install', () => {
    expect(output).toMatch(/First admin created[\s\S]*username: admin[\s\S]*password: \S{20,}/);
  });

  it('on SIGTERM finishes the requests in flight, then exits 0', async () => {
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          username: `late${i}`,
          email: `late${i}@example.com`,
          password: 'late but sure',
        }),
      }).then((r) => r.status),
    );
    // Wait until the server has received all eight (its log says so): only then are they in flight.
    const received = () =>
      output.split('\n').filter((l) => l.includes('incoming request') && l.includes('/api/register')).length;
    await vi.waitFor(() => expect(received(), output.slice(-2000)).toBe(8), { timeout: 10_000, interval: 5 });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual(Array(8).fill(201));
    expect(await exited).toBe(0);
  }, 30_000);
});
