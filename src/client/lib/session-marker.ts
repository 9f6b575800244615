/**
 * Whether the server's readable "a session exists" marker cookie is set (SIGNED_IN_MARKER on the
 * server). Without it the session check is skipped: a signed-out visitor's page asks nothing that
 * would answer 401. On its own (no React, no API client): the marketing pages' first script reads it.
 */
export function hasSessionMarker(kind: 'user' | 'admin'): boolean {
  const name = kind === 'user' ? 'cn_signed_in' : 'cn_admin_signed_in';
  return typeof document !== 'undefined' && cookies().split('; ').includes(`${name}=1`);
}

let read: string | undefined;
/**
 * document.cookie, read once per task: each read asks the browser's network process (docs/performance.md#browser-costs),
 * and a page's start asks for the marker several times. A sign-in or sign-out
 * changes the cookies in a response, so in a later task: the next task reads them again.
 */
function cookies(): string {
  if (read === undefined) {
    read = document.cookie;
    setTimeout(() => {
      read = undefined;
    }, 0);
  }
  return read;
}
