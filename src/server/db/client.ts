import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PoolStats } from '../lib/metrics';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

// Both drivers expose the same query builder; we type the handle once as node-postgres's.
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for its figures in the metrics; PGlite (one connection) has none. */
  pool?: PoolStats;
  /** Runs raw SQL on one connection (used for the migration lock). */
  withConnection<T>(fn: (query: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T>;
  /** Where to report a connection the pool lost while idle (the app's log, once there is one). */
  onConnectionLost(report: (error: Error) => void): void;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  /**
   * PostgreSQL only: how long connecting, one statement, or a transaction left idle may take (0 or
   * unset: no limit). A stalled database then fails the request promptly (503) instead of holding it.
   */
  timeoutMs?: number;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const timeout = opts.timeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 20,
      connectionTimeoutMillis: timeout,
      statement_timeout: timeout,
      idle_in_transaction_session_timeout: timeout,
      // The server enforces statement_timeout; this is for a server (or network) that stopped
      // answering altogether, and so cannot.
      query_timeout: timeout && timeout + 1000,
    });
    // An idle client's connection can drop (a restart, a terminated backend). Unheard, pg's 'error'
    // would end the process; the pool makes a new connection by itself, so it is only reported.
    let report = (error: Error): void => {
      process.stderr.write(`PostgreSQL idle connection lost: ${error.message}\n`);
    };
    pool.on('error', (error) => report(error));
    return {
      db: drizzlePg(pool, { schema }),
      kind: 'postgres',
      pool,
      onConnectionLost(fn) {
        report = fn;
      },
      async withConnection(fn) {
        const client = await pool.connect();
        try {
          return await fn((text) => client.query(text));
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // Loaded only here: a server on PostgreSQL would otherwise spend part of its start (docs/performance.md#start-imports;
  // docs/architecture.md#budgets: first answer <= 1 s) importing an embedded database it never opens.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  // A directory is this process's alone (taken before PGlite touches it); an instance handed in is the caller's.
  const unlock = opts.pglite ? () => {} : lockDataDir(opts.dataDir ?? './data');
  const client = opts.pglite ?? new PGlite(opts.dataDir ?? './data');
  await client.waitReady.catch((error) => {
    unlock();
    throw error;
  });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    withConnection: (fn) => fn((text) => client.exec(text)),
    // One in-process connection: nothing idle to lose.
    onConnectionLost() {},
    async close() {
      await client.close();
      unlock();
    },
  };
}

/** Fails when the database does not answer. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
