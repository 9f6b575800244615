/**
 * How the server answers page paths (src/server/app.ts, with the router's pages from src/shared/paths.ts):
 * a page of the client's router gets the app (or its prerendered HTML) with 200; any other path that is not
 * a file gets the app with 404, so the person still sees the not-found page while a search engine or link
 * checker learns the link is dead; /api and file paths keep their JSON 404.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

// A stand-in for the built client (dist/client): the app's index.html and one prerendered page.
const INDEX_HTML = '<!doctype html><title>ChairNotes</title><div id="root"></div>';
const PRICING_HTML = '<!doctype html><title>Pricing · ChairNotes</title><h1>Simple, transparent pricing</h1>';
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-client-'));

let t: TestApp;
beforeAll(async () => {
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(clientDir, 'pages'));
  writeFileSync(path.join(clientDir, 'pages/pricing.html'), PRICING_HTML);
  writeFileSync(
    path.join(clientDir, 'pages/manifest.json'),
    JSON.stringify({ '/pricing': 'pages/pricing.html' }),
  );
  t = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

describe('page paths', () => {
  it('a prerendered page arrives as its own HTML, with 200', async () => {
    const res = await get('/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(PRICING_HTML);
  });

  it.each([
    '/account',
    '/account?tab=security',
    '/subscribe/pro',
    '/subscribe/success',
    '/practice/join?token=abc',
    '/admin',
    '/admin/users',
    '/admin/users/42',
    // As the router matches them: any letter case, a trailing slash.
    '/Account/',
  ])('%s is a page: the app, with 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each([
    '/no-such-page',
    '/no-such-page?x=1',
    '/accounts',
    '/subscribe/pro/extra',
    '/admin/no-such-section',
    '/practice/join/abc',
  ])('%s is no page: the app (which shows its not-found page), with 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('HEAD answers as GET does', async () => {
    expect((await get('/account', 'HEAD')).statusCode).toBe(200);
    expect((await get('/no-such-page', 'HEAD')).statusCode).toBe(404);
  });

  it('a revalidating browser still gets the not-found page, not an empty answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString(), 'if-none-match': '*' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each(['/api/no-such-endpoint', '/assets/no-such-file.js', '/no-such-file.png'])(
    '%s is no page either: a JSON 404',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Not found: GET ${url}` });
    },
  );

  it("the OpenID Provider's paths are still its own", async () => {
    const res = await get('/oidc/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ issuer: 'http://localhost:5000/oidc' });
  });
});
