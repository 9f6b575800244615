// The admin lists at 100,000 users (docs/architecture.md#budgets): the users list API's answer time beside the
// time the database alone takes to build the same JSON, and how long a search keystroke takes to update
// the list in Chromium.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { bundleTestServers, CHROME_ARGS, findChrome } from '../scripts/support.mjs';
import { startServer } from './server.mjs';
import { enrolledAdmin } from './signed-in.mjs';

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const ADMIN = { username: 'bench-admin', password: 'bench admin password' };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const RUNS = 5;

/**
 * The reference: the same JSON built by the database alone, with the server's own query for the list
 * (adminUsersJson, src/server/admin/admin-queries.ts) on the database opened as the server opens it
 * (db/client.ts), from query to text in hand, without HTTP or Fastify. Measured before the server starts:
 * the embedded database is one process's at a time.
 */
async function directQuery(dataDir) {
  // Inside the project, so that the bundles' bare imports (drizzle-orm, PGlite) resolve from node_modules.
  mkdirSync('.tmp', { recursive: true });
  const bundles = mkdtempSync(path.join('.tmp', 'bench-admin-'));
  try {
    await bundleTestServers(['src/server/db/client.ts', 'src/server/admin/admin-queries.ts'], bundles);
    const load = (file) => import(pathToFileURL(path.resolve(bundles, file)).href);
    const [{ openDatabase }, { adminUsersJson }] = await Promise.all([
      load('db/client.mjs'),
      load('admin/admin-queries.mjs'),
    ]);
    const database = await openDatabase({ dataDir });
    try {
      const times = [];
      let text = '';
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        text = await adminUsersJson(database.db);
        times.push(performance.now() - started);
      }
      return { ms: median(times), text };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(bundles, { recursive: true, force: true });
  }
}

export async function runAdminBench() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-admin-bench-'));
  const seeded = spawnSync('node', ['dist/server/cli/seed.js', '--users', String(USERS)], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const direct = await directQuery(dataDir);
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    // Admins must have a second factor (docs/architecture.md#identity): enrolled in TOTP through the API.
    const admin = await enrolledAdmin(server.base, ADMIN);
    const cookie = admin
      .cookies()
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    // The answer as the browser gets it: request, transfer and JSON parse.
    const apiTimes = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const text = await (await fetch(`${server.base}/api/admin/users`, { headers: { cookie } })).text();
      const rows = JSON.parse(text);
      apiTimes.push(performance.now() - started);
      if (rows.length < USERS) throw new Error(`expected ${USERS} users, got ${rows.length}`);
      if (text !== direct.text) throw new Error('the API did not answer the JSON its query builds');
    }

    const browser = await chromium.launch({
      executablePath: await findChrome(),
      args: CHROME_ARGS,
    });
    try {
      const context = await browser.newContext();
      await context.addCookies(admin.cookies().map((c) => ({ ...c, url: server.base })));
      const page = await context.newPage();
      const pageStarted = Date.now();
      await page.goto(`${server.base}/admin/users`);
      const search = page.getByRole('searchbox').first();
      await search.waitFor();
      await page.getByText('sample-100000', { exact: true }).first().waitFor({ timeout: 60_000 });
      const pageReady = Date.now() - pageStarted;

      // Per keystroke: from keydown to the last change the list's DOM made in answer to it.
      await page.evaluate(() => {
        const w = window;
        w.__keys = [];
        document.addEventListener(
          'keydown',
          () => w.__keys.push({ down: performance.now(), last: null }),
          true,
        );
        new MutationObserver(() => {
          const k = w.__keys.at(-1);
          if (k) k.last = performance.now();
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await search.click();
      for (const ch of 'sample-0999') {
        await page.keyboard.type(ch);
        await page.waitForTimeout(250);
      }
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Backspace');
        await page.waitForTimeout(250);
      }
      const keys = await page.evaluate(() => window.__keys);
      const keystrokes = keys.filter((k) => k.last !== null).map((k) => k.last - k.down);
      return {
        users: USERS,
        apiMs: median(apiTimes),
        directMs: direct.ms,
        pageReadyMs: pageReady,
        keystrokeMs: { median: median(keystrokes), max: Math.max(...keystrokes), n: keystrokes.length },
      };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printAdminReport(r) {
  const mark = (ok) => (ok ? 'met' : 'MISSED');
  // docs/architecture.md#budgets: the API takes at most twice what the database alone takes to build the same
  // JSON, both measured in this run.
  const ratio = r.apiMs / r.directMs;
  const apiOk = ratio <= 2;
  const keyOk = r.keystrokeMs.max <= 50;
  const text = [
    `\nAdmin lists with ${r.users.toLocaleString('en-GB')} users (npm run seed data, PGlite)`,
    `The same JSON from the server's query run directly (PGlite in the bench's process), query to text: median of ${RUNS} ${Math.round(r.directMs)} ms`,
    `GET /api/admin/users, request to parsed JSON: median of ${RUNS} ${Math.round(r.apiMs)} ms, ${ratio.toFixed(2)}x the direct query (budget <= 2x = ${Math.round(2 * r.directMs)} ms): ${mark(apiOk)}`,
    `/admin/users from navigation to the first rows shown: ${r.pageReadyMs} ms`,
    `Search keystroke to the list updated: median ${r.keystrokeMs.median.toFixed(1)} ms, worst ${r.keystrokeMs.max.toFixed(1)} ms over ${r.keystrokeMs.n} keystrokes (budget <= 50 ms): ${mark(keyOk)}`,
  ].join('\n');
  console.log(text);
  return { allMet: apiOk && keyOk, text };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printAdminReport(await runAdminBench());
}
