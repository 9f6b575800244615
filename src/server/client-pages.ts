import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageKey } from '../shared/paths';
import type { DocumentCsp } from './security/headers';
import { inlineHashes } from './security/inline-hashes';

/**
 * Where the app's build writes, under dist/ (docs/decisions/077-the-app-on-react-router.md): React Router's
 * prerendered pages as `<path>/index.html`, index.html for every other app path, the assets and the public
 * files. The marketing pages and /auth are Astro's, in dist/site (docs/decisions/080-marketing-pages-on-astro.md).
 */
export const CLIENT_BUILDS = { app: 'app/client' } as const;

/** One HTML document the server answers with: its file (under `root`), text and own CSP. */
type ClientPage = { root: string; file: string; html: string; csp: string };

/** The app's index.html under `dist`, if the client is built there. */
export function appIndexHtml(dist: string): string | undefined {
  const file = path.join(dist, CLIENT_BUILDS.app, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** The HTML files under `dir` (relative paths), but those under `_astro` (assets). */
function htmlFiles(dir: string, under = ''): string[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(under, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(dir, file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/** The page path a build wrote `file` for: 'index.html' -> '/', 'pricing/index.html' -> '/pricing'. */
const pagePathOf = (file: string) =>
  `/${file
    .split(path.sep)
    .join('/')
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')}`;

/**
 * Every HTML document of the built client, read once at start, each with the CSP that allows exactly its
 * own inline scripts and styles (docs/decisions/076-inline-scripts-by-hash.md): the marketing pages Astro
 * built (`siteRoot`, dist/site: docs/decisions/080-marketing-pages-on-astro.md) and its 404 page for a
 * path that is no page; the app's prerendered pages; and the app for any other page of its router.
 */
export function clientPages(dist: string, siteRoot: string | undefined, csp: DocumentCsp) {
  const read = (from: string, file: string): ClientPage => {
    const html = readFileSync(path.join(from, file), 'utf8');
    return { root: from, file, html, csp: csp(inlineHashes(html)) };
  };
  const pages = new Map<string, ClientPage>();
  const add = (pagePath: string, page: ClientPage, from: string) => {
    const key = pageKey(pagePath);
    if (key === undefined) throw new Error(`${from}: ${pagePath} is no page of src/shared/paths.ts`);
    pages.set(key, page);
  };
  const appRoot = path.join(dist, CLIENT_BUILDS.app);
  for (const file of htmlFiles(appRoot).filter((file) => file !== 'index.html'))
    add(pagePathOf(file), read(appRoot, file), appRoot);
  let siteNotFound: ClientPage | undefined;
  if (siteRoot && existsSync(siteRoot))
    for (const file of htmlFiles(siteRoot)) {
      if (file === '404.html') siteNotFound = read(siteRoot, file);
      else add(pagePathOf(file), read(siteRoot, file), siteRoot);
    }
  const app = read(appRoot, 'index.html');
  // Without the site's 404 page, the app answers a path that is no page: its router shows the not-found page.
  const notFound = siteNotFound ?? app;
  /** The document for `urlPath`, found however the router would spell it; notFound: no page there. */
  return (urlPath: string): { page: ClientPage; notFound: boolean } => {
    const key = pageKey(urlPath);
    if (key === undefined) return { page: notFound, notFound: true };
    return { page: pages.get(key) ?? app, notFound: false };
  };
}
