import { CURRENT_PASSWORD_FOR_EMAIL, type ProfileUpdate } from '../../shared/schemas/account';
import { verifyPassword } from '../auth/password';
import { usersRepo } from '../auth/users-repo';
import { subscriptionService } from '../billing/subscription-service';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { badRequest } from '../lib/http-error';
import { outboxRepo } from '../mail/outbox-repo';
import { changeLinkSentMessage, emailAddressService } from './email-address-service';
import { personalData } from './personal-data';

/**
 * A person's account: their name and email, and the rights a person in the UK has over their data
 * (see it all, end other sessions, erase the account).
 */
export function accountService(ctx: AppContext) {
  const { db } = ctx.database;
  const users = usersRepo(db);
  const outbox = outboxRepo(db);
  const subscriptions = subscriptionService(ctx);
  const emailAddress = emailAddressService(ctx);

  return {
    /**
     * Saves the username at once. A new email needs the current password (a stolen session alone
     * cannot take the account over) and applies only when its link is opened; `message` says so.
     */
    async updateProfile(user: User, profile: ProfileUpdate): Promise<{ user: User; message?: string }> {
      const { username, email, currentPassword } = profile;
      const emailChanges = email !== user.email;
      if (emailChanges) {
        if (!currentPassword) throw badRequest(CURRENT_PASSWORD_FOR_EMAIL);
        if (!(await verifyPassword(user.password, currentPassword)))
          throw badRequest('Current password is incorrect');
        await emailAddress.ensureFree(email);
      }
      const updated = username === user.username ? user : await users.setUsername(user.id, username);
      if (!emailChanges) return { user: updated };
      await emailAddress.sendChangeLink(updated, email);
      return { user: updated, message: changeLinkSentMessage(email) };
    },

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
