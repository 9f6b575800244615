import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** A test for modules of these packages (names separated by |). */
const lib = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
/**
 * The app's largest libraries in a file each rather than spread over dozens (design.md section 8): on a
 * slow phone each file is a round trip, and each costs the page's script ~1 ms to ask for and more to
 * run. React and the queries (the marketing pages' islands need them, not the router); the router; the
 * forms. And the app's own shared modules (components, lib, config, shared) with the icons, in one file
 * ('core', ~64 KB) that every signed-in page runs. Split by page, they were 20-25 more files per page, and the
 * files' cost, not their bytes, was most of a signed-in page's blocking time on Lighthouse's slow phone
 * (decision 061: 130-300 ms split, 20-95 ms as one file, for ~35 KB gzip more). Left out:
 * - what the marketing pages' first script imports (entry-marketing.ts), so that '/' stays ~7 KB of
 *   script: were one of them in 'core', every marketing page would load all of it (npm run bench checks
 *   the JavaScript for '/');
 * - the heavy parts only some pages use (dialogs, tabs, toasts, passkeys, Stripe, form fields): they
 *   would bring their libraries (Radix's, SimpleWebAuthn, Stripe.js, the forms) to every page.
 * Only the modules named go in ('includeDependenciesRecursively: false'): not the libraries they import.
 */
const APP_CORE =
  /src[\\/](client[\\/](components[\\/]ui|lib|config)|shared)[\\/]|node_modules[\\/]lucide-react[\\/]/;
const MARKETING_START = /lib[\\/](reveal|motion|toast-stash|session-marker|scroll|use-reveal)\.ts$/;
const HEAVY =
  /[\\/](dialog|tabs|toaster|passkey-ceremonies|stripe-js|use-zod-form|form-field|sparkle-button)\.tsx?$/;
const CHUNK_GROUPS = [
  { name: 'react', test: lib('react|react-dom|scheduler'), priority: 40 },
  { name: 'router', test: lib('react-router|cookie|set-cookie-parser'), priority: 30 },
  { name: 'query', test: lib('@tanstack[\\\\/]react-query|@tanstack[\\\\/]query-core'), priority: 30 },
  { name: 'forms', test: lib('zod|react-hook-form|@hookform'), priority: 20 },
  {
    name: 'core',
    test: (id: string) => APP_CORE.test(id) && !MARKETING_START.test(id) && !HEAVY.test(id),
    priority: 10,
    includeDependenciesRecursively: false,
  },
];

const apiPort = process.env.PORT ?? '5000';
const here = import.meta.dirname;
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': path.resolve(here, 'src/shared'),
      '@client': path.resolve(here, 'src/client'),
    },
  },
  build: isSsrBuild
    ? // scripts/prerender.mjs: the marketing pages rendered to HTML at build time.
      { outDir: '.tmp/prerender', emptyOutDir: true }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // No inline scripts or styles anywhere: the CSP forbids them.
        assetsInlineLimit: 0,
        // Two documents: the app (index.html) and the prerendered marketing pages (marketing.html),
        // whose islands hydrate without the app's router, so a reader of '/' loads no React (design.md 8).
        // scripts/prerender.mjs reads which files each page needs from it.
        manifest: true,
        rolldownOptions: {
          input: {
            app: path.resolve(here, 'index.html'),
            marketing: path.resolve(here, 'marketing.html'),
          },
          output: {
            codeSplitting: { groups: CHUNK_GROUPS },
            // The one stylesheet (styles.css), which both documents link, under its own name rather than
            // the name of the shared chunk the bundler puts it beside.
            assetFileNames: (asset) =>
              asset.names.some((name) => name.endsWith('.css'))
                ? 'assets/styles-[hash][extname]'
                : 'assets/[name]-[hash][extname]',
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
