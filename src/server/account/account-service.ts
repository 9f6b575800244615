import { TERMS_VERSION } from '../../shared/brand';
import { CURRENT_PASSWORD_FOR_EMAIL, type ProfileUpdate } from '../../shared/schemas/account';
import type { RegisterRequest } from '../../shared/schemas/auth';
import { PASSWORD_REQUIRED } from '../../shared/schemas/fields';
import type { SecurityOverview } from '../../shared/schemas/security';
import { hashPassword } from '../auth/password';
import { confirmOwner } from '../auth/recent-auth';
import type { UserSession } from '../auth/require';
import { securityEventsRepo } from '../auth/security-events';
import { usersRepo } from '../auth/users-repo';
import { subscriptionService } from '../billing/subscription-service';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { type Client, describeDevice } from '../lib/client';
import { notFound } from '../lib/http-error';
import { outboxRepo } from '../mail/outbox-repo';
import { recordPracticeEvent } from '../practices/audit';
import { practiceService } from '../practices/practice-service';
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
  const events = securityEventsRepo(db);

  return {
    /**
     * A new account (docs/architecture.md#identity): its address is asked to be verified by mail, unless
     * the person registers to accept a practice's invitation sent to that address: the link came to that
     * mailbox, which proves it as the join would (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md),
     * and a "Verify your email" mail would ask again for what is shown.
     */
    async register(input: RegisterRequest, ip: string): Promise<User> {
      const { username, email, password, invitation } = input;
      // The request was refused unless the terms were agreed to (agreeTerms: true): these are the ones.
      const created = await users.create({
        username,
        email,
        passwordHash: await hashPassword(password),
        termsVersion: TERMS_VERSION,
      });
      const invited = invitation ? await practiceService(ctx).invitedAddress(invitation) : null;
      const proven =
        invited === created.email
          ? await db.transaction((tx) => emailAddress.proveAddress(tx, created.id, created.email))
          : null;
      if (!proven) await emailAddress.sendVerification(created);
      return users.recordLogin(created, ip);
    },

    /**
     * Saves the username at once. A new email needs the owner's proof (the current password, or a
     * recent 'Confirm it's you' for an account without one: a stolen session alone cannot take the
     * account over) and applies only when its link is opened; `message` says so.
     */
    async updateProfile(
      session: UserSession,
      profile: ProfileUpdate,
    ): Promise<{ user: User; message?: string }> {
      const { user } = session;
      const { username, email, currentPassword } = profile;
      const emailChanges = email !== user.email;
      if (emailChanges) {
        await confirmOwner(ctx, session, currentPassword, {
          missing: CURRENT_PASSWORD_FOR_EMAIL,
          wrong: 'Current password is incorrect',
        });
        await emailAddress.ensureFree(email);
      }
      const updated = username === user.username ? user : await users.setUsername(user.id, username);
      if (!emailChanges) return { user: updated };
      await emailAddress.sendChangeLink(updated, email);
      return { user: updated, message: changeLinkSentMessage(email) };
    },

    /** Ends every session of the user but this one; how many ended. */
    async signOutOthers(user: User, keepToken: string, client: Client): Promise<number> {
      const count = await ctx.sessions.user.endAllFor(user.id, keepToken);
      await events.record({ userId: user.id }, 'sessions_ended', client);
      return count;
    },

    /** Signs out one device, by the id the Security tab lists; 404 when it is not one of the user's. */
    async endSession(user: User, sessionId: string, client: Client): Promise<void> {
      if (!(await ctx.sessions.user.endOne(user.id, sessionId)))
        throw notFound('That session has already ended.');
      await events.record({ userId: user.id }, 'session_ended', client);
    },

    /** The Security tab: the devices signed in (this one marked) and the account's recent events. */
    async securityOverview(user: User, token: string): Promise<SecurityOverview> {
      const [sessions, recent] = await Promise.all([
        ctx.sessions.user.list(user.id, token),
        events.recentForUser(user.id),
      ]);
      return {
        sessions: sessions.map((s) => ({
          id: s.id,
          device: describeDevice(s.userAgent),
          ip: s.ip,
          lastSeenAt: s.lastSeenAt.toISOString(),
          createdAt: s.createdAt.toISOString(),
          current: s.current,
        })),
        events: recent.map((e) => ({
          id: e.id,
          type: e.type,
          device: describeDevice(e.userAgent),
          ip: e.ip,
          at: e.createdAt.toISOString(),
        })),
      };
    },

    exportData: (user: User) => personalData(db, user),

    /** Erases the account once its owner's proof is given (the password, or a recent 'Confirm it's you' without one). */
    async delete(session: UserSession, password: string | undefined, client: Client): Promise<void> {
      const { user, practice } = session;
      await confirmOwner(ctx, session, password, {
        missing: PASSWORD_REQUIRED,
        wrong: 'Password is incorrect',
      });
      // An owner's practice (and its members' access) would go with the account: hand it over first.
      await practiceService(ctx).checkAccountDeletion(practice);
      // Stripe first: if it cannot be reached, nothing is deleted and the person can try again,
      // rather than an erased account whose card is still charged.
      await subscriptions.cancelAllNow(user);
      // Sessions, reset tokens, invitations and the referrals this user made go with the row
      // (foreign keys cascade); a referral that brought this user in keeps the referrer's record.
      await db.transaction(async (tx) => {
        await outbox.deleteTo(user.email, tx);
        // The membership goes with the account; the practice's trail keeps that it went
        // (docs/decisions/090-practice-and-admin-audit-trails.md).
        if (practice)
          await recordPracticeEvent(tx, {
            practiceId: practice.id,
            action: 'member_left',
            actor: user,
            subject: { userId: user.id, name: user.username },
            detail: `${practice.role}, account deleted`,
            client,
          });
        await users.delete(user.id, tx);
      });
    },
  };
}
