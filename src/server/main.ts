import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFirstAdmin } from './admin/first-admin';
import { buildApp } from './app';
import { loadConfig } from './config';
import { logMissingOperatorContent } from './lib/content-file';
import { resolveSecretsKey } from './secrets-key';
import { openMigratedDatabase } from './start';

const env = loadConfig();
// Before anything is opened: without its key in production the server refuses to start, and says why.
const secretsKey = await resolveSecretsKey(env).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const config = { ...env, SECRETS_KEY: secretsKey };
const database = await openMigratedDatabase(config, { timeoutMs: config.DATABASE_TIMEOUT_MS });
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = await buildApp({ config, database, clientDir });
await ensureFirstAdmin(database.db, config, app.log);
await logMissingOperatorContent(app.log, { samples: config.SAMPLE_CONTENT });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // Not ready first (/api/health/ready answers 503), while everything else is still served: the load
  // balancer stops sending here within SHUTDOWN_DELAY_MS, and only then does the server stop accepting.
  app.ctx.lifecycle.shuttingDown = true;
  app.log.info({ signal, delayMs: config.SHUTDOWN_DELAY_MS }, 'shutting down: marked not ready');
  if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((done) => setTimeout(done, config.SHUTDOWN_DELAY_MS));
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // A request still running after 10 s (a client trickling its body) must not keep us up for ever.
  setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
  try {
    // Stops accepting and closes every connection with no request in progress; answers each request
    // that has arrived, with `Connection: close` (app.ts); then closes the database.
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'unclean shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// A promise nobody awaited failed: a bug, and the process may be in a state no one planned for. Node
// would exit at once, dropping every request in flight; instead say what it was and stop as on SIGTERM.
process.on('unhandledRejection', (reason) => {
  app.log.fatal({ err: reason }, 'unhandled promise rejection: shutting down');
  void shutdown('unhandledRejection');
});

await app.listen({ port: config.PORT, host: config.HOST });
