import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '5000';
const here = import.meta.dirname;
const SITE_MODULES =
  /src[\\/](shared[\\/]brand|client[\\/](config[\\/]paths|lib[\\/](api|navigation|query-keys|scroll|session|title|toast|use-title|utils)|components[\\/](layout[\\/]site-link|ui[\\/](button|slot))))\.tsx?$/;

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
        // which hydrate without the app's router to keep the code for '/' small.
        rollupOptions: {
          input: {
            app: path.resolve(here, 'index.html'),
            marketing: path.resolve(here, 'marketing.html'),
          },
          output: {
            codeSplitting: {
              groups: [
                {
                  // The small modules every public page runs (addresses, links, navigation, toasts, the
                  // API client and the session), in one file rather than a dozen: each file costs
                  // bytes and a request, and the landing page's script has a budget (design.md section 8).
                  name: 'site',
                  test: SITE_MODULES,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
