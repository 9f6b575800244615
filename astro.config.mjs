// The marketing pages (docs/decisions/080-marketing-pages-on-astro.md): Astro renders src/site/pages to
// static HTML in dist/site, with the React components of src/client as islands.
import path from 'node:path';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { sampleContentDefine } from './scripts/sample-content.mjs';

const here = import.meta.dirname;

/**
 * Two client directives of our own, added with Astro's `addClientDirective` (docs/decisions/080-marketing-pages-on-astro.md):
 * - `client:session` hydrates an island at once for a signed-in visitor (their header, their banners), never
 *   for anyone else;
 * - `client:interaction` hydrates it when the reader first reaches into it (a press, a focus, a key), for a
 *   form that is the page's content but needs no script until then; its value can name what starts it at
 *   once (src/site/directives/interaction.js).
 */
const ownDirectives = {
  name: 'chairnotes-client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      for (const name of ['session', 'interaction'])
        addClientDirective({ name, entrypoint: path.resolve(here, `src/site/directives/${name}.js`) });
    },
  },
};

export default defineConfig({
  srcDir: './src/site',
  outDir: './dist/site',
  publicDir: './public',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), ownDirectives],
  vite: {
    plugins: [tailwindcss()],
    define: sampleContentDefine(),
    resolve: {
      alias: {
        '@shared': path.resolve(here, 'src/shared'),
        '@client': path.resolve(here, 'src/client'),
      },
    },
    // No inline scripts or styles but Astro's own, which the server hashes (docs/decisions/076-inline-scripts-by-hash.md).
    build: { assetsInlineLimit: 0 },
  },
});
