// API load figures (docs/architecture.md#budgets), each as a ratio to a raw node:http server measured in the
// same run: the machines are shared and noisy, so absolute numbers only mean something side by side.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { benchPort } from './ports.mjs';
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
  const port = await benchPort();
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

/** Waits until GET /ready (a bare server) or the given path answers 2xx. */
async function answering(url, child) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Headers that differ per answer or per connection: the bare servers set their own. */
const PER_ANSWER = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'x-request-id',
]);

/** One answer of the app, as a bare server repeats it: status, the headers that do not vary, body. */
async function capture(url, headers = {}) {
  const res = await fetch(url, { headers });
  const kept = Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.has(name)));
  // fetch joins repeated headers; only set-cookie may repeat, and these answers set none.
  if ('set-cookie' in kept) throw new Error(`${url}: a captured answer sets a cookie`);
  return { status: res.status, headers: kept, body: await res.text() };
}

/**
 * A bare reference server (bench/bare.mjs) in its own process: `bytes` repeats one captured answer,
 * `user` answers GET /api/user with the app's own session SQL (run through tsx, from src/).
 */
async function bareServer(mode, env) {
  const port = await benchPort();
  const child = spawn('node', [...(mode === 'user' ? ['--import', 'tsx'] : []), 'bench/bare.mjs', mode], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await answering(`http://127.0.0.1:${port}/ready`, child);
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * The app and its bare reference (and, when given, the framework's floor: bench/bare.mjs
 * fastify-bytes), measured in turn twice (bare, floor, app, bare, floor, app), the better run of each
 * kept: on a shared machine a neighbour's burst then hits them alike, not one.
 */
async function sideBySide(appName, appOpts, bareName, bareOpts, floor) {
  const better = (a, b) => (!a || b.rps > a.rps ? b : a);
  let bare;
  let floorRow;
  let app;
  for (let round = 0; round < 2; round++) {
    bare = better(bare, await measure(bareName, bareOpts));
    if (floor) floorRow = better(floorRow, await measure(floor.name, floor.opts));
    app = better(app, await measure(appName, appOpts));
  }
  app.reference = bare;
  if (floorRow) {
    floorRow.reference = bare;
    app.floor = floorRow;
  }
  return floorRow ? [bare, floorRow, app] : [bare, app];
}

const benchUser = (i) => ({
  username: `benchuser${i}`,
  email: `bench${i}@example.com`,
  password: 'bench password 1',
  agreeTerms: true,
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
    cookies,
    setupClient: (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length] }),
  };
}

/** Start (spawn) to the first good answer from /api/health, on an existing data directory or database. */
async function startTime(env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-start-'));
  try {
    // The first start creates and migrates; the second is the one measured. One key for both: the
    // second opens the signing keys the first made.
    const same = { ...env, DATA_DIR: dataDir, SECRETS_KEY: randomBytes(32).toString('base64') };
    await (await startServer(same)).stop();
    const started = performance.now();
    const second = await startServer(same);
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

  // At the production log level: the one line a request is part of what an answer costs.
  const env = { LOGIN_RATE_LIMIT: '100000000', LOG_LEVEL: 'info' };
  const app = await startServer(env);
  let loginFigures;
  try {
    rows.push(await measure('GET /api/health', { url: `${app.base}/api/health` }));
    // The plans answer reads no database: beside a bare server sending its very bytes.
    const plans = await capture(`${app.base}/api/subscription-plans`);
    const sameAnswer = {
      BARE_HEADERS: JSON.stringify(plans.headers),
      BARE_ANSWER: JSON.stringify({ status: plans.status, body: plans.body }),
      BARE_PATH: '/api/subscription-plans',
    };
    const bare = await bareServer('bytes', sameAnswer);
    const fastify = await bareServer('fastify-bytes', sameAnswer);
    try {
      rows.push(
        ...(await sideBySide(
          'GET /api/subscription-plans',
          { url: `${app.base}/api/subscription-plans` },
          'bare node:http, the same bytes',
          { url: `${bare.base}/api/subscription-plans` },
          {
            name: 'Fastify, no logger and no hook, the same bytes',
            opts: { url: `${fastify.base}/api/subscription-plans` },
          },
        )),
      );
    } finally {
      bare.stop();
      fastify.stop();
    }
    const users = await asManyUsers(app.base);
    rows.push(
      await measure('GET /api/user (PGlite)', {
        url: `${app.base}/api/user`,
        setupClient: users.setupClient,
      }),
    );

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
      load({ url: `${app.base}/api/user`, setupClient: users.setupClient }),
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
  let sameUserAnswer = null;
  if (pgUrl) {
    const pg = await startServer({ ...env, DATABASE_URL: pgUrl });
    try {
      const users = await asManyUsers(pg.base);
      // The app's answer to one of them: its headers for the bare server, its JSON to compare.
      const cookie = { cookie: users.cookies[0] };
      const user = await capture(`${pg.base}/api/user`, cookie);
      const bare = await bareServer('user', {
        DATABASE_URL: pgUrl,
        BARE_HEADERS: JSON.stringify(user.headers),
      });
      try {
        const bareUser = await capture(`${bare.base}/api/user`, cookie);
        sameUserAnswer =
          bareUser.status === user.status &&
          isDeepStrictEqual(JSON.parse(bareUser.body), JSON.parse(user.body)) &&
          isDeepStrictEqual(bareUser.headers, user.headers);
        rows.push(
          ...(await sideBySide(
            'GET /api/user (PostgreSQL)',
            { url: `${pg.base}/api/user`, setupClient: users.setupClient },
            'bare node:http + pg, the same SQL and answer',
            { url: `${bare.base}/api/user`, setupClient: users.setupClient },
          )),
        );
      } finally {
        bare.stop();
      }
    } finally {
      await pg.stop();
    }
    pgStart = await startTime({ DATABASE_URL: pgUrl });
  }
  const pgliteStart = await startTime({});
  for (const r of rows) r.ratio = r.rps / rawRow.rps;
  return {
    rows,
    sameUserAnswer,
    logins: loginFigures,
    start: { bare: bareStart, pglite: pgliteStart, postgres: pgStart },
  };
}

export function printApiReport({ rows, sameUserAnswer, logins, start }) {
  const mark = (ok) => (ok ? 'met' : 'MISSED');
  const pct = (ratio) => `${(ratio * 100).toFixed(0)} %`;
  const lines = [];
  lines.push(
    `\nAPI under load: autocannon, ${CONNECTIONS} connections, ${DURATION} s after a ${WARMUP} s warm-up; GET /api/user with a different signed-in user on each connection; the app at LOG_LEVEL=info. Each app row beside its bare reference (bench/bare.mjs), and the plans answer beside Fastify's own floor too, measured in turn twice, the better run of each kept`,
  );
  lines.push(
    '| target | req/s | ratio to raw | ratio to its reference | p50 ms | p99 ms | errors | non-2xx |',
  );
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${Math.round(r.rps)} | ${pct(r.ratio)} | ${r.reference ? pct(r.rps / r.reference.rps) : ''} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    );
  let allMet = true;
  const clean = (r) => r.errors === 0 && r.non2xx === 0;
  // docs/architecture.md#budgets: against the same work done bare, in this run.
  const pgRow = rows.find((r) => r.name === 'GET /api/user (PostgreSQL)');
  if (pgRow) {
    const ref = pgRow.reference;
    const p99Limit = 2 * Math.max(1, ref.p99);
    const ok =
      sameUserAnswer && pgRow.rps >= 0.7 * ref.rps && pgRow.p99 <= p99Limit && clean(pgRow) && clean(ref);
    allMet &&= ok;
    lines.push(
      `\nAuthenticated GET /api/user on PostgreSQL: ${pct(pgRow.rps / ref.rps)} of a bare node:http + pg server running the app's session SQL (${Math.round(ref.rps)} req/s), p99 ${pgRow.p99} ms against its ${ref.p99} ms (budget >= 70 %, p99 <= 2x = ${p99Limit} ms, no errors): ${mark(ok)}. The bare answer ${sameUserAnswer ? 'is' : 'is NOT'} the app's (status, JSON and headers).`,
    );
  } else lines.push('\nAuthenticated GET /api/user on PostgreSQL: not measured (set TEST_DATABASE_URL)');
  const plansRow = rows.find((r) => r.name === 'GET /api/subscription-plans');
  const plansOk = plansRow.rps >= 0.7 * plansRow.reference.rps && clean(plansRow);
  allMet &&= plansOk;
  lines.push(
    `GET /api/subscription-plans (no database): ${pct(plansRow.rps / plansRow.reference.rps)} of a bare node:http server sending the same bytes (${Math.round(plansRow.reference.rps)} req/s) (budget >= 70 %): ${mark(plansOk)}`,
  );
  if (plansRow.floor)
    lines.push(
      `The framework's floor, in the same run: Fastify with no logger and no hook sending the same bytes answers ${pct(plansRow.floor.rps / plansRow.reference.rps)} of the bare server; the app answers ${pct(plansRow.rps / plansRow.floor.rps)} of that floor.`,
    );
  const pgliteRow = rows.find((r) => r.name === 'GET /api/user (PGlite)');
  lines.push(
    `For scale, against the hello-world: GET /api/user ${pgRow ? `${pct(pgRow.ratio)} on PostgreSQL, ` : ''}${pct(pgliteRow.ratio)} on PGlite; GET /api/subscription-plans ${pct(plansRow.ratio)}.`,
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
