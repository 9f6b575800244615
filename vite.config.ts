import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
        rollupOptions: {
          input: {
            app: path.resolve(here, 'index.html'),
            marketing: path.resolve(here, 'marketing.html'),
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
