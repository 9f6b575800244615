// Bundles the server's TypeScript (and the shared code it imports) into dist/server; npm packages stay external.
import { build, context } from 'esbuild';

const options = {
  entryPoints: [
    'src/server/main.ts',
    'src/server/admin-create.ts',
    'src/server/stripe-setup.ts',
    'src/server/seed.ts',
    'src/server/oidc-rotate-keys.ts',
  ],
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
