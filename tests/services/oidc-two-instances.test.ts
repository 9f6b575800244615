/**
 * The note app's sign-in with ChairNotes served by two instances of the app on one PostgreSQL,
 * behind a round-robin load balancer (Debian's haproxy), as docs/deploy.md runs it: the steps of one
 * flow (authorization, the interaction, sign-in on /auth, the code exchange, userinfo, refresh) land
 * on one instance and then the other, and the flow works because every step's state (grants, codes,
 * sessions, signing keys) is in the database (docs/architecture.md#note-app-sign-in).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { openMigratedDatabase } from '../../src/server/start';
import { TEST_SECRETS_KEY } from '../support/app';
import { withDatabase } from '../support/global-setup';
import { startHaproxy } from '../support/haproxy';
import { NOTE_APP, signInAcrossInstances } from '../support/oidc';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';
const name = `chairnotes_oidc_${randomBytes(4).toString('hex')}`;
const REDIRECT_URI = 'http://127.0.0.1:9/note-app/callback';

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const instances: { app: FastifyInstance; database: Database }[] = [];
let proxy: Awaited<ReturnType<typeof startHaproxy>>;
let appUrl: string;

beforeAll(async () => {
  await admin(`create database ${name}`);
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: appUrl,
    SECRETS_KEY: TEST_SECRETS_KEY,
    TRUST_PROXY: '127.0.0.1',
    NOTE_APP_CLIENT_ID: NOTE_APP.clientId,
    NOTE_APP_CLIENT_SECRET: NOTE_APP.clientSecret,
    NOTE_APP_REDIRECT_URIS: REDIRECT_URI,
  });
  // Both start at once on a fresh database, as a deployment's instances do: one migrates and makes
  // the first signing key, the other waits and uses it.
  const started = await Promise.all(
    [1, 2].map(async () => {
      const database = await openMigratedDatabase({ ...config, DATABASE_URL: withDatabase(PG_URL, name) });
      const app = await buildApp({ config, database, billing: null });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, database };
    }),
  );
  instances.push(...started);
  proxy = await startHaproxy(
    instances.map(({ app }) => (app.server.address() as { port: number }).port),
    port,
  );
});

afterAll(async () => {
  await proxy?.close();
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  await admin(`drop database if exists ${name} with (force)`);
});

describe('two instances behind a load balancer', () => {
  it('publish the same signing keys, made once though both started together', async () => {
    const seen = new Map<string, unknown>();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${appUrl}/oidc/jwks`);
      seen.set(res.headers.get('x-served-by')!, await res.json());
    }
    expect([...seen.keys()].sort()).toEqual(['1', '2']);
    const [first, second] = [...seen.values()] as { keys: { alg?: string }[] }[];
    // One key for each algorithm the provider signs with (docs/decisions/069-openid-conformance.md).
    expect(first!.keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(second).toEqual(first);
  });

  it('serve the steps of one sign-in alternately, and the note app signs the person in', async () => {
    const steps = await signInAcrossInstances(appUrl, REDIRECT_URI);
    // Round robin: each request went to the other instance than the one before it.
    const servedBy = steps.map((s) => s.servedBy);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    expect(new Set(servedBy)).toEqual(new Set(['1', '2']));
    for (let i = 1; i < steps.length; i++) {
      expect(servedBy[i], JSON.stringify(steps)).not.toBe(servedBy[i - 1]);
    }
  });
});
