import type { AppContext } from '../context';
import type { User } from '../db/schema';
import type { Client } from '../lib/client';
import { badRequest } from '../lib/http-error';
import { passwordChangedMail } from '../mail/templates';
import type { KnownDevice } from './device-cookies';
import { hashPassword } from './password';
import { securityEventsRepo } from './security-events';
import { confirmPassword, type LoginAccepted, verifyLogin } from './sign-in';
import { usersRepo } from './users-repo';

/** A user's sign-in and password: signing in, and changing the password. */
export function authService(ctx: AppContext) {
  const users = usersRepo(ctx.database.db);
  const events = securityEventsRepo(ctx.database.db);

  return {
    /**
     * The user whose password this is (the sign-in then goes on in auth/pending-sign-in.ts); `device`:
     * the browser's device cookie, if any.
     */
    login: (
      credentials: { login: string; password: string },
      client: Client,
      device: KnownDevice | null,
    ): Promise<LoginAccepted<User>> =>
      verifyLogin(ctx, 'user', users.findByLogin, credentials, client, device),

    /**
     * Someone who learnt the old password is signed out everywhere; the session `keepToken` stays in. The
     * person is mailed, so a change they did not make does not go unseen.
     */
    async changePassword(
      user: User,
      { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
      keepToken: string,
      client: Client,
    ): Promise<void> {
      if (!(await confirmPassword(ctx, 'user', user, currentPassword)))
        throw badRequest('Current password is incorrect');
      await users.setPassword(user.id, await hashPassword(newPassword));
      await ctx.sessions.user.endAllFor(user.id, keepToken);
      // The note app signs them out on every device, this one too (docs/architecture.md#note-app-sign-in).
      await ctx.noteAppLogout.endAllFor(user.id);
      await events.record({ userId: user.id }, 'password_changed', client);
      ctx.mailer.sendInBackground(passwordChangedMail(user, ctx.config.APP_URL));
    },
  };
}
