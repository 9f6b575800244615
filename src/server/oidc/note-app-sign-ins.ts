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
