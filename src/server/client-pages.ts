import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageKey } from '../shared/paths';
import type { DocumentCsp } from './security/headers';
import { inlineHashes } from './security/inline-hashes';

/** One HTML document the server answers with: its file (under the client's root), text and own CSP. */
type ClientPage = { file: string; html: string; csp: string };

/**
 * Every HTML document of the built client, read once at start, each with the CSP that allows exactly its
 * own inline scripts and styles (docs/decisions/076-inline-scripts-by-hash.md): the prerendered pages
 * (pages/manifest.json, written by scripts/prerender.mjs), the app for any other page of the router, and
 * the answer to a path that is no page (today the app too, which shows its not-found page).
 */
export function clientPages(root: string, csp: DocumentCsp) {
  const read = (file: string): ClientPage => {
    const html = readFileSync(path.join(root, file), 'utf8');
    return { file, html, csp: csp(inlineHashes(html)) };
  };
  const manifestFile = path.join(root, 'pages/manifest.json');
  const manifest: Record<string, string> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const prerendered = new Map(
    Object.entries(manifest).map(([pagePath, file]) => {
      const key = pageKey(pagePath);
      if (key === undefined)
        throw new Error(`pages/manifest.json: ${pagePath} is no page of the client's router`);
      return [key, read(file)] as const;
    }),
  );
  // The app answers a path that is no page too: its router shows the not-found page.
  const app = read('index.html');
  /** The document for `urlPath`, found however the router would spell it; notFound: no page there. */
  return (urlPath: string): { page: ClientPage; notFound: boolean } => {
    const key = pageKey(urlPath);
    if (key === undefined) return { page: app, notFound: true };
    return { page: prerendered.get(key) ?? app, notFound: false };
  };
}
