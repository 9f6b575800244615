/**
 * Whether the server's readable "a session exists" marker cookie is set (SIGNED_IN_MARKER on the
 * server). Without it the session check is skipped: a signed-out visitor's page asks nothing that
 * would answer 401. On its own (no React, no API client): the marketing pages' first script reads it.
 */
export function hasSessionMarker(kind: 'user' | 'admin'): boolean {
  const name = kind === 'user' ? 'cn_signed_in' : 'cn_admin_signed_in';
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${name}=1`);
}
