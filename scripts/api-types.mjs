// npm run api:types: writes the client's API types (src/client/lib/api-types.ts) from the server's
// OpenAPI document, built without a server (src/server/api-types.ts, bundled here as the server is).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// Inside the project, so the bundle's imports of npm packages resolve to node_modules.
await mkdir('node_modules/.cache', { recursive: true });
const dir = await mkdtemp('node_modules/.cache/api-types-');
try {
  const outfile = path.join(dir, 'api-types.mjs');
  await build({
    entryPoints: ['src/server/api-types.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  const { API_TYPES_FILE, generateApiTypes } = await import(pathToFileURL(path.resolve(outfile)).href);
  await writeFile(API_TYPES_FILE, await generateApiTypes());
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
