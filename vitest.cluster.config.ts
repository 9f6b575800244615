import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Two built instances behind haproxy on PostgreSQL and Redis (tests/cluster); `npm run test:cluster`
// builds first. CI runs it (.ci/run).
export default defineConfig({
  test: { ...base.test, include: ['tests/cluster/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 240_000 },
});
