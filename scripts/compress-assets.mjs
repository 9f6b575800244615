// Writes .br and .gz beside each text asset of the client build, so the server sends them
// pre-compressed (@fastify/static preCompressed) at no cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The app's build (React Router's) and the marketing pages' and /auth's (Astro's:
// docs/decisions/080-marketing-pages-on-astro.md); src/server/client-pages.ts serves them.
const roots = ['dist/app/client', 'dist/site'];
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && statSync(file).size > 512) {
      const data = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
for (const root of roots) walk(root);
