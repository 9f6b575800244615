import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { sampleContentDefine } from './scripts/sample-content.mjs';

const apiPort = process.env.PORT ?? '5000';
const here = import.meta.dirname;

/** The app's build (react-router.config.ts says what it prerenders); the marketing pages and /auth are Astro's (astro.config.mjs). */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: sampleContentDefine(),
  resolve: {
    alias: {
      '@shared': path.resolve(here, 'src/shared'),
      '@client': path.resolve(here, 'src/client'),
    },
  },
  // The public files (favicon, robots.txt) are served from the app's build (src/server/client-files.ts).
  // No inline scripts or styles of ours: the CSP allows only those it has hashed (src/server/client-pages.ts).
  build: { assetsInlineLimit: 0 },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
