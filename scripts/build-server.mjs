// Bundles the server's TypeScript (and the shared code it imports) into dist/server; npm packages stay external.
import { build, context } from 'esbuild';

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
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

if (process.argv.includes('--watch')) {
  const ctx = await context(options);
  await ctx.watch();
} else {
  await build(options);
}
