import { REAUTH_MINUTES } from '../../shared/constants';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { badRequest, forbidden } from '../lib/http-error';
import { confirmPassword } from './sign-in';
import { hasPassword } from './users-repo';

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

/**
 * The owner's proof for an action that takes the password with it (a new email, erasing the account):
 * the password, when the account has one. An account without one (made by accepting a practice's
 * invitation with Microsoft, docs/decisions/094-sign-in-with-microsoft.md) proves it is its owner as it
 * does for any sensitive action: a recent 'Confirm it's you' (with Microsoft), else 403 `reauthRequired`
 * and the page asks. A password sent for such an account proves nothing and is not looked at.
 */
export async function confirmOwner(
  ctx: Pick<AppContext, 'signInThrottle'>,
  session: { user: User; reauthenticatedAt: Date },
  password: string | undefined,
  say: { missing: string; wrong: string },
): Promise<void> {
  if (!hasPassword(session.user)) return requireRecentAuth(session);
  if (!password) throw badRequest(say.missing);
  if (!(await confirmPassword(ctx, 'user', session.user, password))) throw badRequest(say.wrong);
}
