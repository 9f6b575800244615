// Starts the built server (dist/) on a free port with a fresh embedded database, for the benchmarks.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPort } from './ports.mjs';

/**
 * env.DATA_DIR reuses a directory (kept on stop); otherwise a fresh one, removed on stop. env.PORT
 * chooses the port (for a peer that must know the address first: the fake Stripe's webhook target).
 */
export async function startServer(env = {}) {
  const port = env.PORT ? Number(env.PORT) : await benchPort();
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'chairnotes-bench-'));
  const base = `http://localhost:${port}`;
  const child = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: base,
      LOG_LEVEL: 'error',
      // Required in production (the server's default): a throwaway one for a throwaway database.
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    // Generous: on a machine shared by several runs a first migration can take a minute.
    if (Date.now() - started > 180_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    port,
    dataDir,
    async stop({ keepData = !ownDir } = {}) {
      // (It may have ended already, on a machine that runs out of something.)
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
