import { securityEventsRepo } from '../auth/security-events';
import { usersRepo } from '../auth/users-repo';
import type { AppContext } from '../context';
import type { Admin } from '../db/schema';
import type { Client } from '../lib/client';
import { notFound } from '../lib/http-error';
import { sessionsEndedByAdminMail } from '../mail/templates';
import { recordAdminEvent } from './admin-audit';

/**
 * The admin area's one write (docs/architecture.md#safety): signing a user out everywhere, for an account that
 * looks taken over. Recorded as a security event on the user's account, naming the admin, and in the
 * admin audit trail; the person is told by mail.
 */
export function adminActions(ctx: AppContext) {
  const { db } = ctx.database;
  const users = usersRepo(db);
  const events = securityEventsRepo(db);

  return {
    async endUserSessions(admin: Admin, userId: number, client: Client): Promise<number> {
      const user = await users.findById(userId);
      if (!user) throw notFound('No user has that id.');
      const count = await ctx.sessions.user.endAllFor(user.id);
      await events.record({ userId: user.id, adminId: admin.id }, 'sessions_ended_by_admin', client);
      await recordAdminEvent(db, {
        admin,
        action: 'sessions_ended',
        subject: { userId: user.id, name: user.username },
        detail: `${count} session${count === 1 ? '' : 's'}`,
        client,
      });
      ctx.mailer.sendInBackground(sessionsEndedByAdminMail(user, ctx.config.APP_URL));
      return count;
    },
  };
}
