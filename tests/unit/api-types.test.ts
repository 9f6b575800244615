/**
 * The client's API types (src/client/lib/api-types.ts) are committed, so `npm run typecheck` needs no
 * generation step: this fails when they no longer say what the server's OpenAPI document says now.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../src/server/api-types';

describe('the client API types', () => {
  it('are what npm run api:types generates from the document now (run it after changing a route)', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    expect(
      committed === (await generateApiTypes()),
      `${API_TYPES_FILE} is stale: run npm run api:types`,
    ).toBe(true);
  }, 180_000);
});
