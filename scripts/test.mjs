// `npm test`: the unit and API tests, then the browser tests. The second half runs even when the
// first fails, so one failure does not hide the other's results; the exit code says if either failed.
import { spawnSync } from 'node:child_process';

const parts = [
  ['unit and API tests (Vitest)', 'test:unit'],
  ['browser tests (Playwright)', 'test:e2e'],
];
const results = parts.map(([name, script]) => {
  const started = Date.now();
  const { status } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  return { name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) };
});
console.log();
for (const r of results) console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
