/**
 * The headers each kind of answer carries (security/headers.ts): a JSON answer the safety headers a
 * browser applies to any response (headers.test.ts checks them on every kind), without the ones only
 * an HTML document acts on; an HTML page all of them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/app';

const DOCUMENT_ONLY = {
  'x-frame-options': 'SAMEORIGIN',
  'x-xss-protection': '0',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
};

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-client-'));
let t: TestApp;
beforeAll(async () => {
  // Where the app's build writes its index.html under dist/ (src/server/client-pages.ts).
  mkdirSync(path.join(clientDir, 'app/client'), { recursive: true });
  writeFileSync(
    path.join(clientDir, 'app/client/index.html'),
    '<!doctype html><title>ChairNotes</title><div id="root"></div>',
  );
  t = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('headers by kind of answer', () => {
  it('a JSON answer: nosniff, the CSP, no-store when private, and none of the document-only headers', async () => {
    const u = await signedInUser(t.app);
    for (const res of [
      await u.client.get('/api/user'),
      await t.app.inject({ url: '/api/subscription-plans' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of Object.keys(DOCUMENT_ONLY)) expect(res.headers[name], name).toBeUndefined();
    }
    expect((await u.client.get('/api/user')).headers['cache-control']).toBe('no-store');
  });

  it('an HTML page: every safety header, the document-only ones included', async () => {
    const res = await t.app.inject({ url: '/account' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers).toMatchObject(DOCUMENT_ONLY);
  });
});
