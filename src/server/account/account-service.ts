import { verifyPassword } from '../auth/password';
import { usersRepo } from '../auth/users-repo';
import { subscriptionService } from '../billing/subscription-service';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { badRequest } from '../lib/http-error';
import { outboxRepo } from '../mail/outbox-repo';
import { personalData } from './personal-data';

/** The rights a person in the UK has over their data: see it all, end other sessions, erase the account. */
export function accountService(ctx: AppContext) {
  const { db } = ctx.database;
  const users = usersRepo(db);
  const outbox = outboxRepo(db);
  const subscriptions = subscriptionService(ctx);

  return {
    /** Ends every session of the user but this one; how many ended. */
    signOutOthers: (user: User, keepToken: string) => ctx.sessions.user.endAllFor(user.id, keepToken),

    exportData: (user: User) => personalData(db, user),

    /** Erases the account once the password is confirmed. */
    async delete(user: User, password: string): Promise<void> {
      if (!(await verifyPassword(user.password, password))) throw badRequest('Password is incorrect');
      // Stripe first: if it cannot be reached, nothing is deleted and the person can try again,
      // rather than an erased account whose card is still charged.
      await subscriptions.cancelAllNow(user);
      // Sessions, reset tokens, invitations and the referrals this user made go with the row
      // (foreign keys cascade); a referral that brought this user in keeps the referrer's record.
      await db.transaction(async (tx) => {
        await outbox.deleteTo(user.email, tx);
        await users.delete(user.id, tx);
      });
    },
  };
}
