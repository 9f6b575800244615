/**
 * How the server answers page paths (src/server/app.ts, with the router's pages from src/shared/paths.ts):
 * a page of the client's router gets the app (or its prerendered HTML) with 200; any other path that is not
 * a file gets the app with 404, so the person still sees the not-found page while a search engine or link
 * checker learns the link is dead; /api and file paths keep their JSON 404. Each HTML document comes with
 * a CSP that allows its own inline scripts and styles by hash, and no other inline code
 * (docs/decisions/076-inline-scripts-by-hash.md).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

// A stand-in for the built client (dist/, as src/server/client-pages.ts reads it): the app's index.html and
// one of its prerendered pages, with an inline script and style (as React Router and Astro write them), and
// two marketing pages, one without inline code and one with a style attribute (as Radix writes one).
const INDEX_SCRIPT = 'document.documentElement.dataset.app = "spa";';
const INDEX_HTML = `<!doctype html><title>ChairNotes</title><div id="root"></div><script>${INDEX_SCRIPT}</script>`;
const PRICING_HTML = '<!doctype html><title>Pricing · ChairNotes</title><h1>Simple, transparent pricing</h1>';
const SHELL_SCRIPT = '\n  window.__context = { "plan": "pro" };\n';
const SHELL_STYLE = 'astro-island{display:contents}';
const SHELL_HTML = `<!doctype html><title>Subscribe to Plus · ChairNotes</title><style>${SHELL_STYLE}</style>
<script type="module" src="/assets/entry.js"></script><script>${SHELL_SCRIPT}</script><h1>Subscribe to Plus</h1>`;
const CONTACT_HTML =
  '<!doctype html><title>Contact us · ChairNotes</title><h1 style="outline:none">Contact</h1>';
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-client-'));

// Today's CSP, byte for byte: a document with no inline code is sent exactly this.
const CSP =
  "default-src 'self';script-src 'self' https://js.stripe.com https://*.js.stripe.com;style-src 'self';img-src 'self' data: https://*.stripe.com;font-src 'self';connect-src 'self' https://api.stripe.com;frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;frame-ancestors 'none';form-action 'self';object-src 'none';base-uri 'none'";
const sha256 = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
/** Today's CSP with these sources added to script-src and style-src, every other directive as it is. */
const cspWith = (scripts: string[], styles: string[] = []) =>
  CSP.replace(
    "https://*.js.stripe.com;style-src 'self'",
    ['https://*.js.stripe.com', ...scripts].join(' ') + [";style-src 'self'", ...styles].join(' '),
  );

let t: TestApp;
beforeAll(async () => {
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    writeFileSync(path.join(clientDir, file), text);
  };
  write('app/client/index.html', INDEX_HTML);
  write('app/client/subscribe/pro/index.html', SHELL_HTML);
  // The site Astro built, where the server looks for it by default: beside the app's build.
  write('site/pricing/index.html', PRICING_HTML);
  write('site/contact/index.html', CONTACT_HTML);
  t = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

describe('page paths', () => {
  it.each(['/pricing', '/no-such-file.png', '/api/health'])(
    '%s: with no inline code in the answer, the CSP is exactly what it was',
    async (url) => {
      expect((await get(url)).headers['content-security-policy']).toBe(CSP);
    },
  );

  it.each(['/subscribe/pro', '/Subscribe/pro/'])(
    "%s: a page's inline script and style are allowed by their hashes, and nothing else inline",
    async (url) => {
      expect((await get(url)).headers['content-security-policy']).toBe(
        cspWith([sha256(SHELL_SCRIPT)], [sha256(SHELL_STYLE)]),
      );
    },
  );

  it('a style attribute in the HTML is allowed by its hash, and only in that document', async () => {
    expect((await get('/contact')).headers['content-security-policy']).toBe(
      CSP.replace(';img-src', `;style-src-attr 'unsafe-hashes' ${sha256('outline:none')};img-src`),
    );
    expect((await get('/pricing')).headers['content-security-policy']).toBe(CSP);
  });

  it.each([
    ['/account', 200],
    ['/no-such-page', 404],
  ])("%s: the app's own inline script is allowed, the other page's are not", async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(cspWith([sha256(INDEX_SCRIPT)]));
  });

  it.each([
    ['/pricing', PRICING_HTML],
    ['/subscribe/pro', SHELL_HTML],
    // However the router would spell it: any letter case, trailing slashes, %-escapes.
    ['/PRICING', PRICING_HTML],
    ['/Pricing/', PRICING_HTML],
    ['/pric%69ng', PRICING_HTML],
    ['/Subscribe/pro/', SHELL_HTML],
    // Any other page: the app.
    ['/account', INDEX_HTML],
    ['/account?tab=security', INDEX_HTML],
    ['/subscribe/success', INDEX_HTML],
    // A parameter keeps its case, as the page gets it: no plan, so not the Plus page's HTML.
    ['/subscribe/PRO', INDEX_HTML],
    ['/practice/join?token=abc', INDEX_HTML],
    ['/admin', INDEX_HTML],
    ['/admin/users', INDEX_HTML],
    ['/admin/users/42', INDEX_HTML],
    ['/Account/', INDEX_HTML],
  ])('%s is a page: its prerendered HTML or the app, with 200', async (url, html) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(html);
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

  it.each([
    '/api/no-such-endpoint',
    '/assets/no-such-file.js',
    '/no-such-file.png',
    // An HTML file is sent only at its page's path, with its own CSP.
    '/index.html',
    '/pricing/index.html',
    '/subscribe/pro/index.html',
  ])('%s is no page either: a JSON 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Not found: GET ${url}` });
  });

  it("the OpenID Provider's paths are still its own", async () => {
    const res = await get('/oidc/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ issuer: 'http://localhost:5000/oidc' });
  });
});

describe('the marketing pages Astro built (docs/decisions/080-marketing-pages-on-astro.md)', () => {
  const ISLAND_SCRIPT = 'customElements.define("astro-island", class extends HTMLElement {});';
  const SITE_PRICING = `<!doctype html><title>Pricing · ChairNotes</title><style>${SHELL_STYLE}</style><script>${ISLAND_SCRIPT}</script><h1>Simple, transparent pricing</h1>`;
  const SITE_404 = '<!doctype html><title>Page not found · ChairNotes</title><h1>404 Page Not Found</h1>';
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'chairnotes-site-'));
  let site: TestApp;
  beforeAll(async () => {
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><h1>Home</h1>');
    mkdirSync(path.join(siteDir, 'pricing'));
    writeFileSync(path.join(siteDir, 'pricing/index.html'), SITE_PRICING);
    writeFileSync(path.join(siteDir, '404.html'), SITE_404);
    site = await createTestApp({}, { clientDir, siteDir });
  });
  afterAll(async () => {
    await site.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it.each(['/pricing', '/PRICING/', '/Pricing'])(
    '%s: the site page, with its inline script and style allowed by hash',
    async (url) => {
      const res = await site.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SITE_PRICING);
      expect(res.headers['content-security-policy']).toBe(
        cspWith([sha256(ISLAND_SCRIPT)], [sha256(SHELL_STYLE)]),
      );
    },
  );

  it('an unknown path gets the site 404 page with 404; an app path still gets the app', async () => {
    const missing = await site.app.inject({ url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(SITE_404);
    expect((await site.app.inject({ url: '/account' })).body).toBe(INDEX_HTML);
    expect((await site.app.inject({ url: '/' })).body).toBe('<!doctype html><h1>Home</h1>');
  });
});
