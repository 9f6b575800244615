/**
 * New passwords (docs/architecture.md#settled-points): at least 8 characters everywhere, and never one of the common
 * passwords, wherever a password is set: registration, change, reset and `npm run admin:create`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { client, createTestApp, newUser, signedInUser, type TestApp } from '../support/app';
import { startSmtpCatcher } from '../support/smtp';

const TOO_COMMON = 'This password is too common. Please choose another.';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('registration', () => {
  it.each(['password', '12345678', 'PassWord1', 'iloveyou'])('refuses %s as too common', async (password) => {
    const input = newUser({ password });
    const res = await client(t.app).post('/api/register', input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `password: ${TOO_COMMON}` });
    const stored = await t.db.execute(sql`select 1 from users where username = ${input.username}`);
    expect(stored.rows).toHaveLength(0);
  });

  it('accepts a password that is not on the list', async () => {
    expect(
      (await client(t.app).post('/api/register', newUser({ password: 'chair side 2026' }))).statusCode,
    ).toBe(201);
  });
});

describe('change password', () => {
  const change = (u: Awaited<ReturnType<typeof signedInUser>>, next: string) =>
    u.client.post('/api/user/change-password', {
      currentPassword: u.password,
      newPassword: next,
      confirmPassword: next,
    });

  it('needs 8 characters, with the account page’s full stop', async () => {
    const u = await signedInUser(t.app);
    const res = await change(u, 'seven77');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'newPassword: Password must be at least 8 characters.' });
  });

  it('refuses a common password and keeps the old one', async () => {
    const u = await signedInUser(t.app);
    const res = await change(u, 'sunshine');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `newPassword: ${TOO_COMMON}` });
    const login = await client(t.app).post('/api/login', { username: u.username, password: u.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('refuses a common password, and the link still works for a better one', async () => {
    const u = await signedInUser(t.app);
    await client(t.app).post('/api/password-reset/request', { email: u.email });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await smtp.waitFor(u.email, 'Reset')).text)![1]!;
    const common = await client(t.app).post('/api/password-reset/confirm', { token, password: 'football' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: `password: ${TOO_COMMON}` });
    const better = await client(t.app).post('/api/password-reset/confirm', {
      token,
      password: 'a sturdier one',
    });
    expect(better.statusCode).toBe(200);
  });
});

describe('npm run admin:create', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-admin-create-'));
  // Its own bundle (other files build dist/server at the same time), in dist/ as the build's would be,
  // so that it finds the migrations and node_modules.
  mkdirSync('dist', { recursive: true });
  const out = mkdtempSync(path.resolve('dist/admin-create-test-'));
  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it('refuses a common password, says why, and creates no admin', { timeout: 60_000 }, async () => {
    const script = path.join(out, 'admin-create.mjs');
    await build({
      entryPoints: ['src/server/cli/admin-create.ts'],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
    const run = spawnSync(
      'node',
      [script, '--username', 'boss', '--email', 'boss@example.com', '--password', 'qwertyuiop'],
      { encoding: 'utf8', env: { ...process.env, DATA_DIR: path.join(tmp, 'data') } },
    );
    expect(run.stderr).toContain(TOO_COMMON);
    expect(run.status).toBe(2);
    const database = await openDatabase({ dataDir: path.join(tmp, 'data') });
    try {
      expect(await database.db.select().from(admins)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
