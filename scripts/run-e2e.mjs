// Runs the Playwright suite: finds a Chromium, builds the app, gives it a fresh data directory.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

async function findChrome() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {}
  console.error(
    'No Chromium for the browser tests. Install one (Debian: `apt-get install -y chromium`) or set CHROME_PATH.',
  );
  process.exit(1);
}

const chrome = await findChrome();
if (!process.env.E2E_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The fake Stripe API runs beside the app as a plain script: bundle its TypeScript once.
await build({
  entryPoints: ['tests/support/fake-stripe-server.ts'],
  outfile: '.tmp/fake-stripe-server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
rmSync('.tmp/e2e-data', { recursive: true, force: true });
rmSync('.tmp/e2e-mail', { recursive: true, force: true });
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(run.status ?? 1);
