// Renders the marketing pages to HTML after their build (vite.marketing.config.ts), so a visitor's first paint needs no script.
// Writes dist/client/pages/<page>.html and pages/manifest.json (path -> file), which the server serves.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

await build({
  configFile: 'vite.marketing.config.ts',
  logLevel: 'warn',
  build: { ssr: 'src/client/entry-prerender.tsx' },
});
const { render, paths, MARKETING_META, fullTitle, prerenderedFile } = await import(
  pathToFileURL(path.resolve('.tmp/prerender/entry-prerender.js')).href
);

const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// The CSP allows no inline styles, and a style="" attribute in HTML is one (Radix writes a few, e.g. to
// stop an animation on first paint). They are cosmetic: the page looks the same without them, and React
// applies styles through the DOM, which the CSP permits, as soon as it renders the component again.
const withoutStyleAttributes = (html) => html.replace(/ style="[^"]*"/g, '');
const template = readFileSync('dist/client/marketing.html', 'utf8');
mkdirSync('dist/client/pages', { recursive: true });
const manifest = {};
for (const p of paths) {
  const meta = MARKETING_META[p];
  const html = template
    .replace('<div id="root"></div>', `<div id="root">${withoutStyleAttributes(await render(p))}</div>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(fullTitle(meta.title))}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(meta.description)}"`,
    );
  const file = prerenderedFile(p);
  writeFileSync(path.join('dist/client/pages', file), html);
  manifest[p] = `pages/${file}`;
}

writeFileSync('dist/client/pages/manifest.json', JSON.stringify(manifest, null, 2));
// The template is not a page of its own.
rmSync('dist/client/marketing.html');
console.log(`prerendered ${paths.length} pages: ${paths.join(', ')}`);
