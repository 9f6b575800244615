// API load figures (docs/architecture.md#budgets), each as a ratio to a raw node:http server measured in the
// same run: the machines are shared and noisy, so absolute numbers only mean something side by side.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/support.mjs';
import { startServer } from './server.mjs';

const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = 3;

function load(opts) {
  return autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
}

/** Warm up (the JIT, the pools), then measure. */
async function measure(name, opts) {
  await load({ ...opts, duration: WARMUP });
  const r = await load(opts);
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function rawServer() {
  const port = await freePort();
  const child = spawn(
    'node',
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello world'); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

const benchUser = (i) => ({
  username: `benchuser${i}`,
  email: `bench${i}@example.com`,
  password: 'bench password 1',
});

async function signIn(base, user) {
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  let res = await post('/api/register', user);
  if (res.status === 409)
    res = await post('/api/login', { username: user.username, password: user.password });
  if (!res.ok) throw new Error(`could not sign in: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * One signed-in user per connection, as real traffic is: with a single cookie the database would
 * return the same row to every request, which flatters any look-up that shares work between requests.
 */
async function asManyUsers(base) {
  const cookies = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) => signIn(base, benchUser(i))),
  );
  let next = 0;
  return {
    setupClient: (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length] }),
  };
}

/** Start (spawn) to the first good answer from /api/health, on an existing data directory or database. */
async function startTime(env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-start-'));
  try {
    // The first start creates and migrates; the second is the one measured.
    await (await startServer({ ...env, DATA_DIR: dataDir })).stop();
    const started = performance.now();
    const second = await startServer({ ...env, DATA_DIR: dataDir });
    const ms = performance.now() - started;
    await second.stop();
    return ms;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApiBench() {
  const rows = [];
  // Its start is the reference for the server's (docs/architecture.md#budgets): spawn to first answer, polled
  // as startServer polls.
  const rawStarted = performance.now();
  const raw = await rawServer();
  const bareStart = performance.now() - rawStarted;
  const rawRow = await measure('raw node:http hello world', { url: raw.url });
  rows.push(rawRow);
  raw.stop();

  const env = { LOGIN_RATE_LIMIT: '100000000' };
  const app = await startServer(env);
  let loginFigures;
  try {
    rows.push(await measure('GET /api/health', { url: `${app.base}/api/health` }));
    rows.push(await measure('GET /api/subscription-plans', { url: `${app.base}/api/subscription-plans` }));
    const users = await asManyUsers(app.base);
    rows.push(await measure('GET /api/user (PGlite)', { url: `${app.base}/api/user`, ...users }));

    // Logins sustained (argon2id, m=19 MiB, t=2), and what they do to everyone else's requests.
    const loginOpts = {
      url: `${app.base}/api/login`,
      method: 'POST',
      connections: 10,
      headers: { 'content-type': 'application/json', origin: app.base },
      body: JSON.stringify({ username: benchUser(0).username, password: benchUser(0).password }),
    };
    const [logins, during] = await Promise.all([
      load(loginOpts),
      load({ url: `${app.base}/api/user`, ...users }),
    ]);
    loginFigures = {
      perSecond: logins.requests.average,
      loginP99: logins.latency.p99,
      userP99During: during.latency.p99,
      errors: logins.errors + logins.non2xx + during.errors + during.non2xx,
    };
  } finally {
    await app.stop();
  }

  const pgUrl = process.env.TEST_DATABASE_URL;
  let pgStart = null;
  if (pgUrl) {
    const pg = await startServer({ ...env, DATABASE_URL: pgUrl });
    try {
      rows.push(
        await measure('GET /api/user (PostgreSQL)', {
          url: `${pg.base}/api/user`,
          ...(await asManyUsers(pg.base)),
        }),
      );
    } finally {
      await pg.stop();
    }
    pgStart = await startTime({ DATABASE_URL: pgUrl });
  }
  const pgliteStart = await startTime({});
  for (const r of rows) r.ratio = r.rps / rawRow.rps;
  return { rows, logins: loginFigures, start: { bare: bareStart, pglite: pgliteStart, postgres: pgStart } };
}

export function printApiReport({ rows, logins, start }) {
  const mark = (ok) => (ok ? 'met' : 'MISSED');
  const lines = [];
  lines.push(
    `\nAPI under load: autocannon, ${CONNECTIONS} connections, ${DURATION} s after a ${WARMUP} s warm-up; GET /api/user with a different signed-in user on each connection`,
  );
  lines.push('| target | req/s | ratio to raw | p50 ms | p99 ms | errors | non-2xx |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${Math.round(r.rps)} | ${(r.ratio * 100).toFixed(0)} % | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    );
  let allMet = true;
  const pgRow = rows.find((r) => r.name === 'GET /api/user (PostgreSQL)');
  const budgetRow = pgRow ?? rows.find((r) => r.name === 'GET /api/user (PGlite)');
  // docs/architecture.md#budgets: >= 40 % of the raw server's requests a second, p99 <= 5x the raw server's p99
  // (both measured in this run), no errors.
  const raw = rows.find((r) => r.name === 'raw node:http hello world');
  const p99Limit = 5 * Math.max(1, raw?.p99 ?? 1);
  const userOk =
    budgetRow.ratio >= 0.4 && budgetRow.p99 <= p99Limit && budgetRow.errors === 0 && budgetRow.non2xx === 0;
  allMet &&= !pgRow || userOk;
  lines.push(
    `\nAuthenticated GET /api/user on ${pgRow ? 'PostgreSQL' : 'PGlite (set TEST_DATABASE_URL for the PostgreSQL budget)'}: ${(budgetRow.ratio * 100).toFixed(0)} % of raw, p99 ${budgetRow.p99} ms (budget >= 40 %, p99 <= 5x raw = ${p99Limit} ms, no errors): ${pgRow ? mark(userOk) : `${mark(userOk)} (PGlite, for reference)`}`,
  );
  const plansRow = rows.find((r) => r.name === 'GET /api/subscription-plans');
  if (plansRow)
    lines.push(
      `For scale: an answer that reads no database (GET /api/subscription-plans, cached) is ${(plansRow.ratio * 100).toFixed(0)} % of raw: the ceiling of the framework, headers and cookies on this machine.`,
    );
  lines.push(
    `Logins: ${logins.perSecond.toFixed(1)} a second sustained (argon2id m=19 MiB, t=2, p=1; 10 connections), login p99 ${logins.loginP99} ms; GET /api/user p99 meanwhile ${logins.userP99During} ms; errors ${logins.errors}`,
  );
  lines.push(`Start to first answer, a bare node:http server (for scale): ${Math.round(start.bare)} ms`);
  const pgliteOk = start.pglite <= 3000;
  allMet &&= pgliteOk;
  lines.push(
    `Start to first answer, PGlite with an existing directory: ${Math.round(start.pglite)} ms (budget <= 3000 ms): ${mark(pgliteOk)}`,
  );
  if (start.postgres !== null) {
    const pgOk = start.postgres <= 1000;
    allMet &&= pgOk;
    lines.push(
      `Start to first answer, PostgreSQL: ${Math.round(start.postgres)} ms (budget <= 1000 ms): ${mark(pgOk)}`,
    );
  }
  console.log(lines.join('\n'));
  return { allMet, text: lines.join('\n') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printApiReport(await runApiBench());
}
