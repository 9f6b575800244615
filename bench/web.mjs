// Web budgets (design.md section 8): Lighthouse 12, mobile, median of 3 runs on the marketing pages and
// /auth, and the JavaScript the browser loads for '/', in gzip bytes. Prints a table; needs `npm run build`.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_ARGS, findChrome } from '../scripts/support.mjs';
import { startServer } from './server.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = ['/', '/pricing', '/referral-program', '/auth'];
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const JS_BUDGET_KB = 100;

if (!existsSync('dist/server/main.js')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runWebBench() {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: await findChrome(),
    chromeFlags: ['--headless=new', ...CHROME_ARGS],
  });
  const rows = [];
  let homeScripts = [];
  try {
    for (const page of PAGES) {
      const scores = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      const metrics = { lcp: [], tbt: [], cls: [] };
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(scores),
        });
        const lhr = result.lhr;
        for (const k of Object.keys(scores))
          scores[k].push(Math.round((lhr.categories[k]?.score ?? 0) * 100));
        metrics.lcp.push(lhr.audits['largest-contentful-paint'].numericValue);
        metrics.tbt.push(lhr.audits['total-blocking-time'].numericValue);
        metrics.cls.push(lhr.audits['cumulative-layout-shift'].numericValue);
        if (page === '/' && i === 0) {
          homeScripts = lhr.audits['network-requests'].details.items
            .filter((r) => r.resourceType === 'Script')
            .map((r) => r.url);
        }
        const failing = Object.values(lhr.audits).filter(
          (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
        );
        if (i === 0 && failing.length) console.error(`${page}: ${failing.map((a) => a.id).join(', ')}`);
      }
      rows.push({
        page,
        ...Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, median(v)])),
        lcp: median(metrics.lcp),
        tbt: median(metrics.tbt),
        cls: median(metrics.cls),
      });
    }
    // What '/' loads, measured as gzip (the budget's unit) whatever encoding the browser negotiated.
    let jsBytes = 0;
    for (const url of homeScripts) {
      const body = Buffer.from(
        await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      jsBytes += gzipSync(body, { level: 9 }).length;
    }
    return { rows, js: { files: homeScripts.length, kb: jsBytes / 1024 } };
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

export function printWebReport({ rows, js }) {
  const mark = (ok) => (ok ? 'met' : 'MISSED');
  const lines = [];
  const print = (line) => lines.push(line);
  print(
    `\nLighthouse 12, mobile, median of ${RUNS} (budgets: performance >= 95, accessibility 100, best practices >= 95, SEO >= 95)`,
  );
  print('| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | budget |');
  print('|---|---|---|---|---|---|---|---|---|');
  let allMet = true;
  for (const r of rows) {
    const ok = Object.entries(BUDGET).every(([k, min]) => r[k] >= min);
    allMet &&= ok;
    print(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${mark(ok)} |`,
    );
  }
  const jsOk = js.kb <= JS_BUDGET_KB;
  print(
    `\nJavaScript loaded for '/': ${js.kb.toFixed(1)} KB gzip in ${js.files} files (budget <= ${JS_BUDGET_KB} KB): ${mark(jsOk)}`,
  );
  console.log(lines.join('\n'));
  return { allMet: allMet && jsOk, text: lines.join('\n') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await runWebBench();
  printWebReport(report);
}
