import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { sampleContentDefine } from './scripts/sample-content.mjs';

const here = import.meta.dirname;

/**
 * The tag of the tests that touch what PGlite and PostgreSQL do differently: a whole file
 * (`// @module-tag database-differences` at its top) or one test or describe (`{ tags: [...] }`). The
 * rest are the same SQL on the same engine, so CI runs them on one database and these on both
 * (`npm run test:database-differences`; docs/decisions/100-ci-in-half-the-time.md).
 */
export const DATABASE_DIFFERENCES = 'database-differences';

/**
 * Vitest's own order, but the fuzz's shares first. With no timings of its own (a clean clone, as in CI)
 * Vitest runs the largest files first; the shares are small files that call tests/support/fuzz-every-route.ts
 * and are the slowest of all, so last they would leave one worker running them alone at the end.
 */
class FuzzFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const fuzz = (file: TestSpecification) => /\/fuzz-\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(fuzz), ...sorted.filter((file) => !fuzz(file))];
  }
}

export default defineConfig({
  // The tests read the samples where the operator's texts are missing, as the browser tests' build does.
  define: sampleContentDefine({ SAMPLE_CONTENT: 'true' }),
  // The client's import aliases (vite.config.ts), for the unit tests of client modules.
  resolve: {
    alias: {
      '@shared': path.resolve(here, 'src/shared'),
      '@client': path.resolve(here, 'src/client'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    pool: 'forks',
    // One file per core. Vitest's default leaves one core to itself, which on a 2-core machine runs the
    // files one at a time while the second core idles: its own process takes a fraction of a core
    // (docs/performance.md#ci-time).
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: FuzzFirst },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    tags: [
      {
        name: DATABASE_DIFFERENCES,
        description:
          'touches what PGlite and PostgreSQL do differently (transactions and locks, connections, the clock, migrations, the purge): CI runs it on both',
      },
    ],
  },
});
