// What the scripts, the benchmarks and the tests share: a free port, and the Chromium they drive.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port nothing listens on now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
  });
}

/** Flags for a headless Chromium in a container with no GPU and no internet. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium for the browser tests: CHROME_PATH, Debian's headless shell (`apt-get install -y
 * chromium-headless-shell`), or else findChrome's. The shell is Chromium without its browser UI, the build
 * Playwright itself drives headless; the full browser in headless mode spent a quarter of the machine on its
 * own UI processes while the tests ran (docs/performance.md#ci-time). Lighthouse measures the full browser.
 */
export async function findTestChrome() {
  const shell = '/usr/bin/chromium-headless-shell';
  if (!process.env.CHROME_PATH && existsSync(shell)) return shell;
  return findChrome();
}

/**
 * The Chromium to drive: CHROME_PATH, the system's (Debian: `apt-get install -y chromium`), or
 * Playwright's own download; undefined when there is none.
 */
export async function findChrome() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  const { chromium } = await import('@playwright/test');
  const own = chromium.executablePath();
  return own && existsSync(own) ? own : undefined;
}

/**
 * The test servers that run beside the app as plain scripts (the fake Stripe API, the mail catcher, the
 * stand-in note app), bundled from their TypeScript into `outdir` as `<name>.mjs`. `outdir` must be inside
 * the project: their bare imports resolve from its node_modules.
 */
export async function bundleTestServers(entryPoints, outdir) {
  const { build } = await import('esbuild');
  await build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
}

/**
 * A browser's cookie jar for set-up through the API: `call` sends the cookies it holds with the app's
 * Origin, keeps those it is given, and answers the JSON (null for none), or throws on a non-OK answer.
 */
export function cookieClient(base) {
  const cookies = new Map();
  async function call(method, url, body) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin: base,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return res.json().catch(() => null);
  }
  return { call, cookies: () => [...cookies].map(([name, value]) => ({ name, value })) };
}
