import { PASSWORD_RESET_MINUTES } from '../../shared/constants';
import type { RemainingSecondFactors } from '../../shared/schemas/two-factor';
import type { AppContext } from '../context';
import type { Client } from '../lib/client';
import { randomToken, sha256Hex } from '../lib/tokens';
import { passwordResetMail } from '../mail/templates';
import { passkeysRepo } from './passkeys-repo';
import { hashPassword } from './password';
import { resetTokensRepo } from './reset-tokens-repo';
import { secondFactorMethods } from './second-factors';
import { securityEventsRepo } from './security-events';
import { usersRepo } from './users-repo';

/** Forgotten passwords: a link by mail that works once, within the hour. */
export function passwordResetService(ctx: AppContext) {
  const { db } = ctx.database;
  const users = usersRepo(db);
  const tokens = resetTokensRepo(db);

  return {
    /** Mails a reset link when an account uses the address; the caller answers the same either way. */
    async request(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const token = randomToken();
      await tokens.create(sha256Hex(token), user.id, new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000));
      ctx.mailer.sendInBackground(passwordResetMail(user, ctx.config.APP_URL, token));
    },

    /**
     * Sets the new password and signs the user out everywhere; null when the link is invalid or used.
     * One transaction: a failure on the way leaves the link unused, to be tried again. Answers the second
     * factors the account still has: a passkey or app someone else added survives a password reset, so
     * the person is shown them to remove any they do not recognise (docs/decisions/068-second-factors-need-fresh-proof.md).
     */
    async reset(token: string, password: string, client: Client): Promise<RemainingSecondFactors | null> {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const userId = await tokens.claim(sha256Hex(token), tx);
        if (userId === null) return null;
        await users.setPassword(userId, passwordHash, tx);
        await tokens.deleteAllFor(userId, tx);
        await ctx.sessions.user.endAllFor(userId, undefined, tx);
        await securityEventsRepo(db).record({ userId }, 'password_reset', client, tx);
        return userId;
      });
      if (userId === null) return null;
      // Once the sessions' end is committed: the note app signs them out everywhere too.
      await ctx.noteAppLogout.endAllFor(userId);
      const account = { kind: 'user', id: userId } as const;
      const methods = await secondFactorMethods(db, account);
      const passkeys = await passkeysRepo(db).listFor(account);
      return { totp: methods.includes('totp'), passkeys: passkeys.map((p) => p.name) };
    },
  };
}
