import type { Account, FindAccount } from 'oidc-provider';
import { noteAppEntitlement, policyBlock, sessionCapEnd } from '../../shared/access';
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
  subscription: ['plan', 'note_app_access', 'access_blocked_reason', 'practice'],
};
export const OIDC_SCOPES = ['openid', 'email', 'profile', 'subscription'];

type Asked = Parameters<FindAccount>;

/**
 * How the person proved who they are at the sign-in the note app rides on (docs/decisions/094-sign-in-with-microsoft.md):
 * the code's and the refresh token's own `amr` (copied from that sign-in); for an access token (userinfo),
 * its provider session's, while it lasts; at the authorization, the session's. None known: none proved.
 */
async function signInAmr(ctx: Asked[0], token: Asked[2]): Promise<string[]> {
  const own = (token as { amr?: unknown } | undefined)?.amr;
  if (Array.isArray(own)) return own as string[];
  const sessionUid = (token as { sessionUid?: string } | undefined)?.sessionUid;
  if (sessionUid) return (await ctx.oidc.provider.Session.findByUid(sessionUid))?.amr ?? [];
  return token ? [] : (ctx?.oidc?.session?.amr ?? []);
}

/**
 * The person behind a `sub`, read afresh each time the provider asks: at every token, every refresh
 * and every userinfo call, so a freeze, a cancel, a failed renewal or a removal from a practice shows
 * at the note app's next refresh. A deleted account is no account: its refresh tokens stop working.
 */
export function findAccount(db: Db): FindAccount {
  return async (ctx, sub, token): Promise<Account | undefined> => {
    const found = await usersRepo(db).findByPublicId(sub);
    if (!found) return undefined;
    const { user, practice, twoFactor } = found;
    // A practice's cap on sessions (docs/decisions/092-a-practice-sign-in-policy.md) ends the note
    // app's too: a refresh past it is refused (invalid_grant), and the note app signs the person in again.
    if (token?.kind === 'RefreshToken' && practice) {
      const signedInAt = Number((token as { iiat?: number }).iiat ?? token.iat) * 1000;
      const end = sessionCapEnd(practice, new Date(signedInAt));
      if (end !== null && end <= Date.now()) return undefined;
    }
    // Only a member the policy would close out on their own factors has the sign-in's proof read (for an
    // access token, one more read of its provider session): nobody else's userinfo pays for it.
    const microsoftMfa =
      policyBlock({ twoFactor }, practice) !== null && (await signInAmr(ctx, token)).includes('mfa');
    const entitlement = noteAppEntitlement({ ...user, twoFactor, microsoftMfa }, practice);
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
        // Only while closed by the practice's policy: the note app says why and links to enrol.
        ...(entitlement.blockedReason ? { access_blocked_reason: entitlement.blockedReason } : {}),
        // No practice is no claim (some clients drop a null object, others choke on it).
        ...(practice
          ? {
              practice: {
                id: practice.id,
                name: practice.name,
                role: practice.role,
                retention_days: practice.retentionDays,
              },
            }
          : {}),
      }),
    };
  };
}
