// Bundles the server's TypeScript (and the shared code it imports) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/admin-create.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
