// Test-only preload for the built server (`node --import ./tests/support/unhandled-rejection.mjs`,
// tests/api/lifecycle.test.ts): a request carrying `x-test-reject` is followed, while it is in flight,
// by a promise rejection nobody handles, as a forgotten `await` in a route would cause.
import { subscribe } from 'node:diagnostics_channel';

subscribe('http.server.request.start', ({ request }) => {
  if (request.headers['x-test-reject']) Promise.reject(new Error('test: a rejection nobody handled'));
});
