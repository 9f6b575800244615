import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Tests that need outside services (Redis, haproxy); `npm run test:services`, run by CI (.ci/run).
export default defineConfig({ test: { ...base.test, include: ['tests/services/**/*.test.ts'] } });
