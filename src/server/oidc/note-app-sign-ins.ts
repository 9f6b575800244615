import { noteAppEntitlement } from '../../shared/access';
import { usersRepo } from '../auth/users-repo';
import type { Db } from '../db/client';

/**
 * A person signed in to the note app (`accountId` is their OpenID `sub`; `clientId`, which app): the
 * practice's access review shows when they last did (docs/decisions/092-a-practice-sign-in-policy.md).
 * Counted when the code is exchanged for tokens; the practice's audit trail records the sign-in as the
 * browser is sent back with its code, where the address and device are known (`signedInToClient`).
 */
export async function noteAppSignedIn(db: Db, accountId: string, _clientId: string): Promise<void> {
  await usersRepo(db).recordNoteAppSignIn(accountId);
}

/**
 * The trail's detail of a sign-in to the note app: which app, and, when it stayed closed to them, why, so
 * that an auditor does not read a refused person as one who got in. The same rule as the claims' (shared/access.ts),
 * `microsoftMfa` saying the sign-in it rode on was Microsoft's with its second factor.
 */
export async function noteAppSignInDetail(
  db: Db,
  accountId: string,
  clientId: string,
  microsoftMfa: boolean,
): Promise<string> {
  const found = await usersRepo(db).findByPublicId(accountId);
  if (!found) return clientId;
  const { user, twoFactor, practice } = found;
  const entitlement = noteAppEntitlement({ ...user, twoFactor, microsoftMfa }, practice);
  if (entitlement.access) return clientId;
  const why =
    entitlement.blockedReason === 'two_factor_required'
      ? 'the practice requires a second factor'
      : 'no plan that includes it';
  return `${clientId}: access closed, ${why}`;
}
