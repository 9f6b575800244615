import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root (what holds src/, dist/, content/), from the URL of a module under src/server
 * (tests, dev) or anywhere under dist/ (the bundled server, its command-line tools, a test's own
 * bundle). A bundle elsewhere (npm run api:types builds one in node_modules/.cache) runs from the root.
 */
export function repositoryRoot(moduleUrl: string): string {
  const here = path.dirname(fileURLToPath(moduleUrl));
  for (const marker of [`${path.sep}src${path.sep}server`, `${path.sep}dist`]) {
    const at = here.lastIndexOf(marker);
    const next = here.charAt(at + marker.length);
    if (at >= 0 && (next === '' || next === path.sep)) return here.slice(0, at);
  }
  return process.cwd();
}
