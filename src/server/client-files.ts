import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { CLIENT_BUILDS, clientPages } from './client-pages';
import type { DocumentCsp } from './security/headers';

// Serving the built client beside the API: its files, each page path's HTML document with that document's
// own CSP (client-pages.ts), and the not-found answers (docs/architecture.md#client-build).

type ClientFiles = {
  /** The built client: dist/, where its builds write (client-pages.ts); none in API tests. */
  clientDir: string | undefined;
  /** The marketing pages Astro built (dist/site); default: `site` in clientDir. */
  siteDir: string | undefined;
  /** The app's index.html, read once (appIndexHtml). */
  indexHtml: string | undefined;
  /** The CSP of an HTML document, from the hashes of its inline scripts and styles. */
  documentCsp: DocumentCsp;
};

/**
 * Serves the built client: its files, and for a page path the HTML document client-pages.ts picks (a
 * prerendered page, or index.html and the router decides), with that document's own CSP. Any other path
 * that is not a file gets the not-found document, with 404. A plugin without encapsulation (fastify-plugin):
 * the not-found handler and `reply.sendFile` are the whole app's.
 */
export const clientFiles = fp<ClientFiles>(
  async (app, { clientDir, siteDir, indexHtml, documentCsp }) => {
    const root = clientDir && indexHtml !== undefined ? path.resolve(clientDir) : undefined;
    const siteRoot = root && path.resolve(siteDir ?? path.join(root, 'site'));
    const pageFor = root && clientPages(root, siteRoot, documentCsp);
    if (siteRoot && existsSync(path.join(siteRoot, '_astro'))) {
      // The marketing pages' assets; Astro names them by content hash, so they never change.
      app.register(fastifyStatic, {
        root: path.join(siteRoot, '_astro'),
        prefix: '/_astro/',
        decorateReply: false,
        wildcard: false,
        index: false,
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        cacheControl: false,
        setHeaders(res) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
    if (root) {
      app.register(fastifyStatic, {
        // The builds' files, each under its own names (their assets are named by content hash).
        root: Object.values(CLIENT_BUILDS).map((build) => path.join(root, build)),
        wildcard: false,
        index: false,
        preCompressed: true,
        // Not a route each: a .br or .gz twin is only ever sent in place of its original (a route per
        // file slowed every start: docs/decisions/062-start-loads-what-the-first-answer-needs.md). An
        // HTML file is sent only for its page path, with its own CSP.
        globIgnore: ['**/*.br', '**/*.gz', '**/*.html'],
        cacheControl: false, // ours, below
        setHeaders(res, filePath) {
          // Vite names assets by content hash: they never change, so browsers may keep them for a year.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      // Page paths get the client; a missing file (an old asset, a typo) gets a real 404.
      const looksLikeFile = /^\/(assets|_astro)\//.test(urlPath) || /\.[a-z0-9]+$/i.test(urlPath);
      if (
        pageFor &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !urlPath.startsWith('/api/') &&
        !looksLikeFile
      ) {
        const { page, notFound } = pageFor(urlPath);
        reply
          .header('cache-control', 'no-cache')
          .header('content-security-policy', page.csp)
          .type('text/html');
        // From memory, not sendFile: to a browser revalidating its copy sendFile answers 'not modified'
        // with no body, which under a 404 would be a blank page.
        if (notFound) return reply.status(404).send(page.html);
        return reply.sendFile(page.file, page.root);
      }
      return reply.status(404).send({ message: `Not found: ${request.method} ${urlPath}` });
    });
  },
  { name: 'client-files' },
);
