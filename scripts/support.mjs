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
