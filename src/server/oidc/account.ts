import type { Account, FindAccount } from 'oidc-provider';
import { noteAppEntitlement } from '../../shared/access';
import { usersRepo } from '../auth/users-repo';
import type { Db } from '../db/client';

/**
 * What the note app may ask for (docs/architecture.md#note-app-sign-in), by scope. `subscription` is ours: whether the
 * person may use the note app, through which plan, and their practice.
 */
export const OIDC_CLAIMS = {
  acr: null,
  sid: null,
  // How and when they proved who they are, in every ID token (docs/architecture.md#note-app-sign-in).
  openid: ['sub', 'amr', 'auth_time'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username'],
  subscription: ['plan', 'note_app_access', 'practice'],
};
export const OIDC_SCOPES = ['openid', 'email', 'profile', 'subscription'];

/**
 * The person behind a `sub`, read afresh each time the provider asks: at every token, every refresh
 * and every userinfo call, so a freeze, a cancel, a failed renewal or a removal from a practice shows
 * at the note app's next refresh. A deleted account is no account: its refresh tokens stop working.
 */
export function findAccount(db: Db): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    const found = await usersRepo(db).findByPublicId(sub);
    if (!found) return undefined;
    const { user, practice } = found;
    const entitlement = noteAppEntitlement(user, practice);
    return {
      accountId: sub,
      claims: () => ({
        sub,
        email: user.email,
        email_verified: user.emailVerified,
        name: user.username,
        preferred_username: user.username,
        plan: entitlement.plan,
        note_app_access: entitlement.access,
        // No practice is no claim (some clients drop a null object, others choke on it).
        ...(practice ? { practice: { id: practice.id, name: practice.name, role: practice.role } } : {}),
      }),
    };
  };
}
