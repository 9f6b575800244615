import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_LINK_HOURS } from '../../shared/constants';
import { securityEventsRepo } from '../auth/security-events';
import { EMAIL_TAKEN, usersRepo } from '../auth/users-repo';
import { stripeCall } from '../billing/stripe-call';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { User } from '../db/schema';
import type { Client } from '../lib/client';
import { badRequest, conflict } from '../lib/http-error';
import { randomToken, sha256Hex } from '../lib/tokens';
import { confirmEmailChangeMail, emailChangedMail, verifyEmailMail } from '../mail/templates';
import { payOwedCredits, releaseHeldRewards } from '../referrals/rewards';
import { type EmailTokenPurpose, emailTokensRepo } from './email-tokens-repo';

export const EMAIL_LINK_INVALID_MESSAGE =
  'This link is invalid or has expired. Please ask for a new one from your account.';

export const changeLinkSentMessage = (email: string) =>
  `We sent a confirmation link to ${email}. Your email changes when you open it.`;

/**
 * Proving a person reads their address (docs/architecture.md#identity): a link to verify the account's email,
 * and a link to the new address of an email change, which applies the change only when opened.
 */
export function emailAddressService(ctx: AppContext) {
  const { db } = ctx.database;
  const users = usersRepo(db);

  async function sendLink(user: User, purpose: EmailTokenPurpose, email: string): Promise<void> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + EMAIL_LINK_HOURS * 3_600_000);
    await emailTokensRepo(db).create({ hash: sha256Hex(token), userId: user.id, purpose, email, expiresAt });
    const { APP_URL } = ctx.config;
    ctx.mailer.sendInBackground(
      purpose === 'verify'
        ? verifyEmailMail(user, APP_URL, token)
        : confirmEmailChangeMail(user, email, APP_URL, token),
    );
  }

  /** The payment provider writes receipts to the customer's email: it follows a confirmed change. */
  async function updateStripeCustomer(user: User): Promise<void> {
    const { billing } = ctx;
    if (!billing || !user.stripeCustomerId) return;
    const customerId = user.stripeCustomerId;
    await stripeCall(() => billing.stripe.customers.update(customerId, { email: user.email }));
  }

  /**
   * After the commit (a network call has no place in a transaction). The address is verified whatever
   * happens here: a credit Stripe does not take now stays owed, and the next Stripe event pays it.
   */
  async function payCredits(log: FastifyBaseLogger): Promise<void> {
    if (!ctx.billing) return;
    try {
      await payOwedCredits(db, ctx.billing, log);
    } catch (err) {
      log.error({ err }, 'referral credits released by a verified email not yet paid; will retry');
    }
  }

  /**
   * In the caller's transaction: the person has shown they read `email`, which must still be their
   * account's address (a link to an address no longer theirs proves nothing). Marks it verified and
   * decides the referral rewards held for it. Null when the address is not theirs now; else whether a
   * credit is owed, which `payCredits` pays after the commit.
   */
  async function proveAddress(
    tx: Tx,
    userId: number,
    email: string,
  ): Promise<{ creditOwed: boolean } | null> {
    const user = await usersRepo(tx).markEmailVerified(userId, email);
    if (!user) return null;
    return { creditOwed: await releaseHeldRewards(tx, user.id) };
  }

  return {
    sendVerification: (user: User) => sendLink(user, 'verify', user.email),

    proveAddress,

    payCredits,

    /** Mails a fresh verification link; the answer says what happened. */
    async resendVerification(user: User): Promise<string> {
      if (user.emailVerified) return 'Your email address is already verified.';
      await sendLink(user, 'verify', user.email);
      return `We sent a new verification link to ${user.email}.`;
    },

    /** An email change is refused at once when the address is already someone's (and again on confirming). */
    async ensureFree(email: string): Promise<void> {
      if (await users.findByEmail(email)) throw conflict(EMAIL_TAKEN);
    },

    /** Sends the confirmation link to `email`; nothing changes until it is opened. */
    sendChangeLink: (user: User, email: string) => sendLink(user, 'change', email),

    /**
     * Uses a link: verifies the email, or applies an email change (the new address is verified by it).
     * Referral rewards held for a verified address are decided then. A change signs out every session
     * but `keepSession` (the one that opened the link, if it is the same user's) and tells the old
     * address. Answers what to tell the person.
     */
    async confirm(
      token: string,
      client: Client,
      keepSession: { userId: number; token: string } | undefined,
      log: FastifyBaseLogger,
    ): Promise<string> {
      const outcome = await db.transaction(async (tx) => {
        const claimed = await emailTokensRepo(tx).claim(sha256Hex(token));
        if (!claimed) return null;
        const txUsers = usersRepo(tx);
        if (claimed.purpose === 'verify') {
          const proven = await proveAddress(tx, claimed.userId, claimed.email);
          return proven && { kind: 'verified' as const, ...proven };
        }
        const before = await txUsers.findById(claimed.userId);
        const after = await txUsers.setVerifiedEmail(claimed.userId, claimed.email);
        if (!before || !after) return null;
        // Links made for the old address (or another change) mean nothing now.
        await emailTokensRepo(tx).deleteAllFor(after.id);
        await securityEventsRepo(db).record({ userId: after.id }, 'email_changed', client, tx);
        // Inside the transaction: if Stripe cannot be reached, nothing changes and the link still works.
        await updateStripeCustomer(after);
        const creditOwed = await releaseHeldRewards(tx, after.id);
        return { kind: 'changed' as const, before, after, creditOwed };
      });
      if (!outcome) throw badRequest(EMAIL_LINK_INVALID_MESSAGE);
      if (outcome.creditOwed) await payCredits(log);
      if (outcome.kind === 'verified') return 'Thank you: your email address is verified.';

      const { before, after } = outcome;
      const keep = keepSession?.userId === after.id ? keepSession.token : undefined;
      await ctx.sessions.user.endAllFor(after.id, keep);
      ctx.mailer.sendInBackground(emailChangedMail(before, after.email, ctx.config.APP_URL));
      return `Your email address is now ${after.email}.`;
    },
  };
}
