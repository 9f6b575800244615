import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** A test for modules of these packages (names separated by |). */
const lib = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
/**
 * The largest libraries in a file each rather than spread over dozens (design.md section 8): on a slow
 * phone each file is a round trip, and each costs the page's script ~1 ms to ask for and more to run.
 * React and the queries; the router; zod; the forms.
 */
const LIBRARY_GROUPS = [
  { name: 'react', test: lib('react|react-dom|scheduler'), priority: 40 },
  { name: 'router', test: lib('react-router|cookie|set-cookie-parser'), priority: 30 },
  { name: 'query', test: lib('@tanstack[\\\\/]react-query|@tanstack[\\\\/]query-core'), priority: 30 },
  // Zod and the form library apart: together, running them was one of a form page's longest tasks.
  { name: 'zod', test: lib('zod'), priority: 20 },
  { name: 'forms', test: lib('react-hook-form|@hookform'), priority: 20 },
];
/**
 * The app's shared modules (components/ui, lib, config, shared but its schemas) with the icons, in one
 * file ('core', ~39 KB) that every signed-in page runs. Split by page, they were 20-25 more files per
 * page, and the files' cost, not their bytes, was most of a signed-in page's blocking time on
 * Lighthouse's slow phone (decision 061: 130-410 ms split, 66-187 ms as one file, ~30 KB gzip more). Left out, the heavy
 * parts only some pages use (dialogs, tabs, toasts, passkeys, Stripe, form fields): they would bring
 * their libraries (Radix's, SimpleWebAuthn, Stripe.js, the forms) to every page; and the API's schemas,
 * which the client needs only in its forms: building all of them was most of 'core''s 25-45 ms start
 * here (zod builds each schema as its module runs). Only the modules named go in
 * ('includeDependenciesRecursively: false'), not the libraries they import; and not the layout, which
 * imports features that import 'core' back (files that import each other run in an order the build
 * does not choose).
 */
const APP_CORE =
  /src[\\/](client[\\/](components[\\/]ui|lib|config)|shared(?![\\/]schemas))[\\/]|node_modules[\\/]lucide-react[\\/]/;
const LEFT_OUT =
  /[\\/](dialog|tabs|toaster|passkey-ceremonies|stripe-js|use-zod-form|form-field|sparkle-button)\.tsx?$/;
const CORE_GROUP = {
  name: 'core',
  test: (id: string) => APP_CORE.test(id) && !LEFT_OUT.test(id),
  priority: 10,
  includeDependenciesRecursively: false,
};

const apiPort = process.env.PORT ?? '5000';
const here = import.meta.dirname;
const DOCUMENTS: Record<'app' | 'marketing', Record<string, string>> = {
  app: { app: path.resolve(here, 'index.html') },
  marketing: { marketing: path.resolve(here, 'marketing.html') },
};
/**
 * Two documents, built one after the other into dist/client: the app (index.html; `vite build`) and the
 * prerendered marketing pages (marketing.html; `vite build --mode marketing`), whose islands hydrate
 * without the app's router, so that a reader of '/' loads no React (design.md section 8). Built apart so
 * that each is split for its own reader: an island (a testimonial's 'Read more', the newsletter form)
 * loads the modules it uses, not the app's 'core' (70-90 KB gzip with React instead of ~160 KB).
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
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
        // The app's build empties the directory; the marketing pages' is added beside it.
        emptyOutDir: mode !== 'marketing',
        // No inline scripts or styles anywhere: the CSP forbids them.
        assetsInlineLimit: 0,
        // scripts/prerender.mjs reads which files each signed-in page needs from the app's.
        manifest: mode !== 'marketing',
        rolldownOptions: {
          input: DOCUMENTS[mode === 'marketing' ? 'marketing' : 'app'],
          output: {
            codeSplitting: {
              groups: mode === 'marketing' ? LIBRARY_GROUPS : [...LIBRARY_GROUPS, CORE_GROUP],
            },
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
