import type { FastifyBaseLogger } from 'fastify';
import type { OidcPayload, OidcRepo } from './oidc-repo';
import type { OidcProvider } from './provider';

type BackchannelClient = {
  backchannelLogoutUri?: string;
  backchannelLogout(sub: string, sid?: string): Promise<void>;
};

/**
 * The note app's sessions end with the ChairNotes session they came from (docs/architecture.md#note-app-sign-in):
 * signing out, a password change, an admin ending someone's sessions, expiry. However a ChairNotes
 * session ends, the note-app session loses its link (oidc_models.user_session_id turns null); the
 * sweep then revokes its tokens and tells the note app (OpenID Connect back-channel logout).
 */
export function noteAppLogout(repo: OidcRepo, log: FastifyBaseLogger) {
  let provider: OidcProvider | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function end(session: OidcPayload): Promise<void> {
    for (const [clientId, { sid, grantId }] of Object.entries(session.authorizations ?? {})) {
      // Its tokens go first: whatever happens to the message, the note app can no longer refresh.
      if (grantId) await repo.revokeGrant(grantId);
      const client = (await provider?.current.Client.find(clientId)) as BackchannelClient | undefined;
      if (!client?.backchannelLogoutUri || !session.accountId) continue;
      try {
        await client.backchannelLogout(session.accountId, sid);
      } catch (err) {
        log.warn(
          { err, clientId },
          'back-channel logout not delivered; the note app finds out at its next refresh',
        );
      }
    }
  }

  async function sweepUntilDone(): Promise<void> {
    do {
      again = false;
      for (const session of await repo.takeUnlinkedSessions()) await end(session);
    } while (again);
  }

  return {
    /** The provider whose keys sign the logout tokens (set once it is built). */
    use(current: OidcProvider): void {
      provider = current;
    },

    /**
     * Ends the note-app sessions that have lost their ChairNotes session. Never throws (a failure is
     * logged; the next sweep, within a minute, tries again); a call while one runs makes it go round
     * once more, so nothing ended meanwhile waits for the next.
     */
    sweep(): Promise<void> {
      if (!provider) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = sweepUntilDone()
        .catch((err) => log.error({ err }, 'note-app sessions not ended; the next sweep retries'))
        .finally(() => {
          running = null;
        });
      return running;
    },

    /**
     * The person signed in afresh in a browser that held a session of theirs (the note app asked for a
     * fresh sign-in): the note-app sessions opened from the old ChairNotes session now belong to the new
     * one, so the old one's end does not end them. A session of someone else's stays, and ends.
     */
    async carryOver(fromSessionId: string, toSessionId: string, userId: number): Promise<void> {
      await repo.relinkSessions(fromSessionId, toSessionId, userId);
    },

    /** Every note-app session of the person ends, on every device (their password changed). */
    async endAllFor(userId: number): Promise<void> {
      await repo.unlinkSessionsOf(userId);
      await this.sweep();
    },
  };
}

export type NoteAppLogout = ReturnType<typeof noteAppLogout>;
