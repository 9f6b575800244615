import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** A test for modules of these packages (names separated by |). */
const lib = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
/**
 * The largest libraries in a file each rather than spread over dozens (docs/architecture.md#budgets): on a slow
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
const here = import.meta.dirname;

/**
 * The prerendered marketing pages (marketing.html; `vite build --config vite.marketing.config.ts`), whose
 * islands hydrate without the app's router, so that a reader of '/' loads no React. Built into
 * dist/client beside the app's build (dist/app, vite.config.ts); scripts/prerender.mjs renders the pages.
 */
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
        rolldownOptions: {
          input: { marketing: path.resolve(here, 'marketing.html') },
          output: {
            codeSplitting: { groups: LIBRARY_GROUPS },
            // The stylesheet under its own name rather than the name of the shared chunk the bundler puts it beside.
            assetFileNames: (asset) =>
              asset.names.some((name) => name.endsWith('.css'))
                ? 'assets/styles-[hash][extname]'
                : 'assets/[name]-[hash][extname]',
          },
        },
      },
}));
