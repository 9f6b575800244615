import { usersRepo } from '../auth/users-repo';
import type { Db } from '../db/client';

/**
 * A person signed in to the note app (`accountId` is their OpenID `sub`; `clientId`, which app): the
 * practice's access review shows when they last did (docs/decisions/092-a-practice-sign-in-policy.md).
 * The one place a note-app sign-in is known, and so where the practice's audit trail records it.
 */
export async function noteAppSignedIn(db: Db, accountId: string, _clientId: string): Promise<void> {
  await usersRepo(db).recordNoteAppSignIn(accountId);
}
