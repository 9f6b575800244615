import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base, { DATABASE_DIFFERENCES } from './vitest.config';

// `npm run test:database-differences`: only the tests tagged as touching what PGlite and PostgreSQL do
// differently (the script's --tags-filter), on the database the environment names (PGlite, or
// TEST_DATABASE_URL). CI runs the whole suite on PostgreSQL and these again on PGlite (.ci/run;
// docs/decisions/100-ci-in-half-the-time.md). Only the files that carry the tag are opened: a file's
// set-up runs even when none of its tests is chosen.
const tagged = ['tests/unit', 'tests/api']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  .filter((file) => file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes(DATABASE_DIFFERENCES))
  .sort();

export default defineConfig({ ...base, test: { ...base.test, include: tagged } });
