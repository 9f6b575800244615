import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import { verifyPassword } from '../../src/server/auth/password';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { admins, users } from '../../src/server/db/schema';
import { createTestApp } from '../support/app';
import { onServer, withDatabase } from '../support/global-setup';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-lifecycle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * A fresh start of the built server: PGlite's first open, every migration, and the first admin's Argon2
 * hash, about 20 s at a load average of 10 on two cores; the budget allows for a machine five times slower.
 */
const START_BUDGET = 120_000;

describe('embedded database', () => {
  it('keeps data across restarts, and migrating again changes nothing', {
    timeout: START_BUDGET,
  }, async () => {
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

type Server = { base: string; child: ChildProcess; output(): string; exited: Promise<number | null> };
const servers: Server[] = [];

beforeAll(() => {
  const build = spawnSync('node', ['scripts/build-server.mjs'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);
afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
});

/** The built server on a free port and its own DATA_DIR; resolves once it answers. */
async function startServer(
  dataDir: string,
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn('node', [...nodeArgs, 'dist/server/main.js'], {
    // debug: the shutdown tests wait for a request's 'incoming request' line (lib/request-log.ts).
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'debug', APP_URL: base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { base, child, output: () => output, exited };
  servers.push(server);
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (!health?.ok) throw new Error(`server did not start:\n${output}`);
    },
    { timeout: START_BUDGET, interval: 100 },
  );
  return server;
}

/** Resolves once the server has logged receiving `count` requests to `url`: only then are they in flight. */
async function receivedRequests(server: Server, url: string, count: number): Promise<void> {
  const received = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.includes('incoming request') && l.includes(url)).length;
  await vi.waitFor(() => expect(received(), server.output().slice(-2000)).toBe(count), {
    timeout: 10_000,
    interval: 5,
  });
}

const register = (server: Server, name: string, headers: Record<string, string> = {}) =>
  fetch(`${server.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, ...headers },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: 'late but sure',
      agreeTerms: true,
    }),
  }).then((r) => r.status);

describe('the built server', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(path.join(tmp, 'server'));
  }, START_BUDGET);

  it('prints the first admin password once on a fresh install', () => {
    expect(server.output()).toMatch(/First admin created[\s\S]*username: admin[\s\S]*password: \S{20,}/);
  });

  it('on SIGTERM finishes the requests in flight, then exits 0', async () => {
    const inFlight = Array.from({ length: 8 }, (_, i) => register(server, `late${i}`));
    await receivedRequests(server, '/api/register', 8);
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual(Array(8).fill(201));
    expect(await server.exited).toBe(0);
  }, 30_000);
});

describe('shutting down behind a load balancer', () => {
  it(
    'on SIGTERM, readiness answers 503 at once while requests are still served, then it exits 0',
    async () => {
      // The balancer's time to notice: long enough that the requests below land inside it on a slow machine.
      const server = await startServer(path.join(tmp, 'draining'), [], { SHUTDOWN_DELAY_MS: '8000' });
      const get = (url: string) => fetch(`${server.base}${url}`);
      expect((await get('/api/health/ready')).status).toBe(200);
      server.child.kill('SIGTERM');
      await vi.waitFor(
        async () => {
          const ready = await get('/api/health/ready');
          expect(ready.status).toBe(503);
          expect(await ready.json()).toEqual({ status: 'not ready', message: 'shutting down' });
        },
        { timeout: 5000, interval: 20 },
      );
      // Not ready, yet still serving whatever the balancer sends before it notices.
      expect((await get('/api/health')).status).toBe(200);
      expect(await register(server, 'draining')).toBe(201);
      expect(await server.exited).toBe(0);
    },
    START_BUDGET + 30_000,
  );
});

/** What a client saw of one request: the answer, or the error that ended it. */
type Outcome = { url: string; status?: number; connection?: string; error?: string };

/** A GET on the agent's connections (kept alive between requests, as a balancer's are). */
const getOn = (agent: http.Agent, base: string, url: string) =>
  new Promise<Outcome>((resolve) => {
    http
      .get(`${base}${url}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ url, status: res.statusCode, connection: res.headers.connection }));
        res.on('error', (err) => resolve({ url, error: err.message }));
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve({ url, error: err.code ?? err.message }));
  });

describe('a rolling restart behind a balancer without readiness checks (SHUTDOWN_DELAY_MS unset)', () => {
  it(
    'on SIGTERM: idle connections closed at once, every request that arrived answered (no 503, no reset), then exit 0',
    async () => {
      const server = await startServer(path.join(tmp, 'keep-alive'));
      const { hostname, port } = new URL(server.base);
      // A connection that never sends a request (a balancer's spare, a port scan).
      const silent = net.connect(Number(port), hostname);
      await once(silent, 'connect');
      const silentClosed = once(silent, 'close');
      // A request that has arrived and is still coming in (half its body sent): it holds the drain open.
      const body = JSON.stringify({
        username: 'held',
        email: 'held@example.com',
        password: 'late but sure',
        agreeTerms: true,
      });
      const held = net.connect(Number(port), hostname);
      await once(held, 'connect');
      let heldAnswer = '';
      held.setEncoding('utf8').on('data', (d) => (heldAnswer += d));
      const heldClosed = once(held, 'close');
      held.write(
        `POST /api/register?held HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${server.base}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
      );
      await receivedRequests(server, '/api/register?held', 1);

      // The burst: 8 kept-alive connections, each sending as soon as it has its answer, SIGTERM
      // midway; each stops at its first error, which is once the server no longer accepts.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const outcomes: Outcome[] = [];
      let sent = 0;
      const stop = () => {
        if (server.child.signalCode === null && !server.child.killed) server.child.kill('SIGTERM');
      };
      const worker = async () => {
        for (;;) {
          const outcome = await getOn(agent, server.base, `/api/subscription-plans?burst=${sent++}`);
          outcomes.push(outcome);
          if (outcome.error) return stop();
          if (outcomes.length === 80) stop();
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      // Closed at SIGTERM, not after the 10 s that cut off what is still running (the held request).
      await silentClosed;

      // The rest of its body, the connection left open (a half-close would abandon the request).
      held.write(body.slice(10));
      await heldClosed;
      expect(heldAnswer).toMatch(/^HTTP\/1\.1 201 /);
      expect(heldAnswer).toMatch(/\r\nconnection: close\r\n/i);
      expect(await server.exited).toBe(0);
      agent.destroy();

      const received = new Set(
        server
          .output()
          .split('\n')
          .filter((l) => l.includes('incoming request'))
          .map((l) => JSON.parse(l).req?.url as string),
      );
      const answered = outcomes.filter((o) => o.status !== undefined);
      expect(answered.length).toBeGreaterThanOrEqual(80);
      expect(answered.filter((o) => o.status !== 200)).toEqual([]);
      // A request that errored never reached the server: the balancer sends it to another instance.
      expect(outcomes.filter((o) => o.error && received.has(o.url))).toEqual([]);
    },
    START_BUDGET + 30_000,
  );
});

describe('a request on a kept-alive connection while the app closes', () => {
  it('is answered, not refused with 503, and told Connection: close', async () => {
    // Holds the app between "closing" and "no longer accepting", where the Stripe queue's last event
    // or the mailer's last mail can keep it for a while.
    let entered!: () => void;
    const closing = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const t = await createTestApp(
      {},
      {
        beforeReady: (app) =>
          app.addHook('preClose', async () => {
            entered();
            await released;
          }),
      },
    );
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
      // One connection, kept alive between requests, as a balancer holds it.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect(await getOn(agent, base, '/api/subscription-plans?before')).toMatchObject({ status: 200 });
      const closed = t.app.close();
      await closing;
      // The balancer sends on the connection it holds, which the app has not closed yet.
      const during = await getOn(agent, base, '/api/subscription-plans?during');
      expect(during).toEqual({ url: '/api/subscription-plans?during', status: 200, connection: 'close' });
      release();
      await closed;
      agent.destroy();
    } finally {
      release();
      await t.close();
    }
  });
});

describe('an unhandled promise rejection', () => {
  it(
    'is logged, and the server shuts down as on SIGTERM: the request in flight gets its answer',
    async () => {
      // The preload rejects a promise nobody handles while the marked request is in flight.
      const server = await startServer(path.join(tmp, 'rejection'), [
        '--import',
        './tests/support/unhandled-rejection.mjs',
      ]);
      const status = register(server, 'inflight', { 'x-test-reject': '1' });
      expect(await status).toBe(201);
      expect(await server.exited).toBe(0);
      const fatal = server
        .output()
        .split('\n')
        .find((l) => l.includes('unhandled promise rejection'));
      expect(fatal, server.output().slice(-2000)).toBeDefined();
      expect(JSON.parse(fatal!)).toMatchObject({
        level: 60,
        err: { message: 'test: a rejection nobody handled' },
      });
    },
    START_BUDGET + 30_000,
  );
});

describe('the embedded database directory belongs to one process', () => {
  const adminCreate = (dataDir: string) =>
    spawnSync(
      'node',
      [
        'dist/server/cli/admin-create.js',
        '--username',
        'second',
        '--email',
        'second@example.com',
        '--password',
        'a long enough secret',
      ],
      { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000 },
    );
  async function adminNames(dataDir: string): Promise<string[]> {
    const database = await openDatabase({ dataDir });
    try {
      return (await database.db.select({ username: admins.username }).from(admins)).map((a) => a.username);
    } finally {
      await database.close();
    }
  }

  it(
    'admin:create while the server runs stops at once, says why, and writes nothing',
    async () => {
      const dataDir = path.join(tmp, 'in-use');
      const server = await startServer(dataDir);
      const script = adminCreate(dataDir);
      expect(script.stderr.trim()).toBe(
        `The server is using ${dataDir}: stop it first, or set DATABASE_URL to use PostgreSQL.`,
      );
      expect(script.status).toBe(1);
      // The server carries on, and gives the directory back when it stops.
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'chairnotes.lock'))).toBe(false);
      expect(await adminNames(dataDir)).toEqual(['admin']);
    },
    START_BUDGET + 60_000,
  );

  it(
    'a lock left by a server that died is taken over',
    async () => {
      const dataDir = path.join(tmp, 'stale');
      const server = await startServer(dataDir);
      server.child.kill('SIGKILL');
      await server.exited;
      expect(existsSync(path.join(dataDir, 'chairnotes.lock'))).toBe(true);
      const script = adminCreate(dataDir);
      expect(script.stdout, script.stderr).toContain("Admin 'second' created.");
      expect(script.status).toBe(0);
      expect((await adminNames(dataDir)).sort()).toEqual(['admin', 'second']);
    },
    START_BUDGET + 60_000,
  );
});

describe('admin:create', () => {
  it('with input closed and values missing, names them and exits 1, touching nothing', () => {
    const dataDir = path.join(tmp, 'no-input');
    const script = spawnSync('node', ['dist/server/cli/admin-create.js', '--username', 'nopassword'], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(script.stderr).toContain('Missing --email and --password');
    expect(script.status).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  });

  it(
    "refuses a user's name, even one written before usernames had keys, exits 2 and makes no admin",
    async () => {
      const dataDir = path.join(tmp, 'taken-name');
      const database = await openDatabase({ dataDir });
      try {
        await runMigrations(database);
        // As a row from before migration 0020: no key yet; the script's start gives it one.
        await database.db
          .insert(users)
          .values({ username: 'Nadia', email: 'nadia@example.com', password: 'x' });
      } finally {
        await database.close();
      }
      // 'Nаdia' with a Cyrillic а.
      const args = [
        '--username',
        'N\u0430dia',
        '--email',
        'boss@example.com',
        '--password',
        'a long enough secret',
      ];
      const script = spawnSync('node', ['dist/server/cli/admin-create.js', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(script.stderr.trim()).toBe(
        "Username already exists: 'N\u0430dia' is a user's or looks like one already taken. Choose another.",
      );
      expect(script.status).toBe(2);
      const after = await openDatabase({ dataDir });
      try {
        expect(await after.db.select().from(admins)).toEqual([]);
      } finally {
        await after.close();
      }
    },
    START_BUDGET,
  );

  it(
    'in a terminal, asks for what is missing and does not show the password typed',
    async () => {
      const dataDir = path.join(tmp, 'terminal');
      // `script` (util-linux) runs it on a pseudo-terminal, as a person at a keyboard would.
      const child = spawn(
        'script',
        [
          '-qec',
          'node dist/server/cli/admin-create.js --username typist --email typist@example.com',
          '/dev/null',
        ],
        { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let output = '';
      const prompted = new Promise<void>((resolve) =>
        child.stdout!.on('data', (d) => {
          output += d;
          if (output.includes('Admin password')) resolve();
        }),
      );
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await prompted;
      child.stdin!.write('typed in secret\r');
      expect(await exited, output).toBe(0);
      expect(output).toContain("Admin 'typist' created.");
      expect(output).not.toContain('typed in secret');
      const database = await openDatabase({ dataDir });
      try {
        const [admin] = await database.db.select().from(admins);
        expect(await verifyPassword(admin?.password, 'typed in secret')).toBe(true);
      } finally {
        await database.close();
      }
    },
    START_BUDGET,
  );
});
