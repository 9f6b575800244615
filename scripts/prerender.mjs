// Renders the marketing pages to HTML after `vite build`, so a visitor's first paint needs no script.
// Writes dist/client/pages/<page>.html and pages/manifest.json (path -> file), which the server serves.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

await build({ logLevel: 'warn', build: { ssr: 'src/client/entry-prerender.tsx' } });
const { render, paths, MARKETING_META, fullTitle, prerenderedFile, appShells, renderAppShell } = await import(
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

// The signed-in pages' shells (src/client/app-shells.tsx): the app's index.html with the shell in its root,
// and, in data-preload, every file the page needs beyond the HTML's own script, each after the files it
// imports. boot.ts asks for them all after the shell's first paint and runs them one at a time in that
// order, so that no file runs another's code in its task (design.md section 8: on a slow phone, a long
// task is a tap left waiting). As links in the HTML they were fetched before the first paint, and
// Lighthouse counted them all as what the largest paint waited for (its largest paint went from 1.0 s to
// 1.7-2.2 s), though nothing on the page needs them to paint.
const appTemplate = readFileSync('dist/client/index.html', 'utf8');
const chunks = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
/** The files of these chunks and all they import, each after what it imports. */
function inRunOrder(keys) {
  const order = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!chunks[key]) throw new Error(`the build has no ${key} (app-shells.tsx, boot.ts)`);
    seen.add(key);
    for (const dependency of chunks[key].imports ?? []) visit(dependency);
    order.push(chunks[key].file);
  };
  for (const key of keys) visit(key);
  return order;
}
// The HTML's own script (boot.ts) and what it imports have run already.
const bootFiles = new Set(inRunOrder(['index.html']));
// What boot.ts asks for without a shell: React's renderer, the app's start and the router (which shares a
// file with other modules, so the manifest names it by that file, not by router.tsx).
const rendererKey = 'src/client/renderer.ts';
const mainKey = 'src/client/main.tsx';
const routerKeys = chunks['index.html'].dynamicImports.filter(
  (key) => key !== rendererKey && key !== mainKey,
);
if (routerKeys.length !== 1) throw new Error(`boot.ts should ask for the router, the renderer and main.tsx`);
const [routerKey] = routerKeys;
for (const shell of appShells) {
  // The router first, so that the session and the page's data are asked for while the rest runs; the
  // page's own code; React's renderer; the app's start (main.tsx) last, as it renders the page.
  const preloads = inRunOrder([routerKey, ...shell.modules, rendererKey, mainKey])
    .filter((file) => !bootFiles.has(file))
    .map((file) => `/${file}`);
  const html = appTemplate
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-shell="" data-preload="${preloads.join(' ')}">${withoutStyleAttributes(renderAppShell(shell.path))}</div>`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(fullTitle(shell.title))}</title>`);
  const file = `app${shell.path.replaceAll('/', '-')}.html`;
  writeFileSync(path.join('dist/client/pages', file), html);
  manifest[shell.path] = `pages/${file}`;
}
writeFileSync('dist/client/pages/manifest.json', JSON.stringify(manifest, null, 2));
// The template is not a page of its own.
rmSync('dist/client/marketing.html');
console.log(
  `prerendered ${paths.length} pages: ${paths.join(', ')}; app shells: ${appShells.map((s) => s.path).join(', ')}`,
);
