// Development: the server rebuilt and restarted on change, and the app's dev server (React Router's, on
// Vite) with hot reload in front of it. The marketing pages are Astro's: `npx astro dev` serves them on port
// 4321, or `npm start` serves everything built.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '5000';
// A developer sees the samples where the operator's texts are missing, as npm run start:local does
// (docs/decisions/103-operator-content-shown-only-when-supplied.md).
process.env.SAMPLE_CONTENT ??= 'true';
const children = [];
function run(cmd, args, env = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
}

// One build first, so the server's --watch has a file to start from.
await import('./build-server.mjs');
run('node', ['scripts/build-server.mjs', '--watch']);
// The browser talks to Vite (5173), which proxies /api here: the Origin the server must accept is Vite's.
run('node', ['--enable-source-maps', '--watch', 'dist/server/main.js'], {
  PORT: port,
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
  NODE_ENV: 'development',
});
run('npx', ['react-router', 'dev']);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const c of children) c.kill('SIGTERM');
    process.exit(0);
  });
}
