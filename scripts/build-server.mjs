// Bundles the server's TypeScript (and the shared code it imports) into dist/server; npm packages stay external,
// but for those in BUNDLED.
import { readFileSync } from 'node:fs';
import { build, context } from 'esbuild';

/**
 * Packages bundled into dist/server rather than imported from node_modules at start. drizzle-orm is ~110
 * modules under one 179 KB package.json, and Node 22 parses that file's `exports` again for every one of
 * them as it loads (~450 ms of a start: docs/performance.md#start-imports); bundled, it is read once.
 */
const BUNDLED = ['drizzle-orm'];
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !BUNDLED.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

const options = {
  entryPoints: [
    'src/server/main.ts',
    'src/server/cli/admin-create.ts',
    'src/server/cli/stripe-setup.ts',
    'src/server/cli/seed.ts',
    'src/server/cli/oidc-rotate-keys.ts',
  ],
  // dist/server/main.js, and the command-line tools in dist/server/cli/, as in src/server.
  outbase: 'src/server',
  outdir: 'dist/server',
  bundle: true,
  // What the code imports only when needed (import('drizzle-orm/pglite') and PGlite under it, without
  // DATABASE_URL) stays in a chunk of its own, loaded then: bundled whole, its static imports would be
  // part of every start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  sourcemap: true,
  logLevel: 'warning',
};

if (process.argv.includes('--watch')) {
  const ctx = await context(options);
  await ctx.watch();
} else {
  await build(options);
}
