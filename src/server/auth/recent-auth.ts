import { REAUTH_MINUTES } from '../../shared/constants';
import { forbidden } from '../lib/http-error';

/** How long a proof of who it is (password or second factor) opens sensitive actions (docs/architecture.md#safety). */
const REAUTH_WINDOW_MS = REAUTH_MINUTES * 60_000;

const REAUTH_REQUIRED = 'Please confirm it is you to continue.';

/**
 * The one guard of sensitive actions (export, new recovery codes, removing the last second factor...):
 * the session's owner proved it is them within the window, at sign-in or by POST /api/user/reauth;
 * otherwise 403 `reauthRequired`, and the page asks inline. A route that takes the password or a
 * code itself needs no window: that is the proof.
 */
export function requireRecentAuth(session: { reauthenticatedAt: Date }, now = Date.now()): void {
  if (now - session.reauthenticatedAt.getTime() > REAUTH_WINDOW_MS)
    throw forbidden(REAUTH_REQUIRED, { reauthRequired: true });
}
