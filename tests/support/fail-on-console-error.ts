import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug we would otherwise miss (epic-stack's rule).
let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length)
    throw new Error(`console.error was called:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
