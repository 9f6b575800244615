// Runs the Playwright suite: finds a Chromium, builds the app, gives it a fresh data directory.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { bundleTestServers, findTestChrome } from './support.mjs';

const chrome = await findTestChrome();
if (!chrome) {
  console.error(
    'No Chromium for the browser tests. Install one (Debian: `apt-get install -y chromium-headless-shell`, or `chromium`) or set CHROME_PATH.',
  );
  process.exit(1);
}
if (!process.env.E2E_SKIP_BUILD) {
  // With the samples where the operator's texts are missing, as the tests read them
  // (docs/decisions/103-operator-content-shown-only-when-supplied.md).
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, SAMPLE_CONTENT: 'true' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The fake Stripe API, the mail catcher, the stand-in note app and the stand-in Microsoft run beside the app as plain scripts: bundle their TypeScript once.
await bundleTestServers(
  [
    'tests/support/fake-stripe-server.ts',
    'tests/support/mail-catcher-server.ts',
    'tests/support/note-app-server.ts',
    'tests/support/microsoft-server.ts',
  ],
  '.tmp',
);
rmSync('.tmp/e2e-data', { recursive: true, force: true });
rmSync('.tmp/e2e-mail', { recursive: true, force: true });
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(run.status ?? 1);
