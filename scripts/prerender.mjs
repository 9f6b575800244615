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
// and the files of the page's code for boot.ts to ask for beside the app's, so they need not wait for the
// app to ask.
const appTemplate = readFileSync('dist/client/index.html', 'utf8');
const chunks = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
/** Every file a chunk needs, itself first. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!chunks[key]) throw new Error(`app-shells.tsx names ${key}, which the build does not have`);
  seen.add(key);
  for (const dependency of chunks[key].imports ?? []) closure(dependency, seen);
  return seen;
}
// What the app's own start loads (boot.ts, then main.tsx, which boot.ts imports).
const appFiles = new Set(
  [...closure('index.html'), ...closure('src/client/main.tsx')].map((key) => chunks[key].file),
);
for (const shell of appShells) {
  const files = [...new Set(shell.modules.flatMap((m) => [...closure(m)].map((key) => chunks[key].file)))];
  const preloads = files.filter((file) => !appFiles.has(file)).map((file) => `/${file}`);
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
