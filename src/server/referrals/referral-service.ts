import type { ReferralStats } from '../../shared/schemas/referrals';
import { REFERRAL_COUPON_ID } from '../billing/catalog';
import { addDiscount } from '../billing/discounts';
import { stripeCall } from '../billing/stripe-call';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { badRequest, conflict, HttpError } from '../lib/http-error';
import { referralInvitationMail } from '../mail/templates';
import { referralsRepo } from './referrals-repo';

const INVITE_AGAIN_AFTER_DAYS = 7;

/**
 * A new subscriber: never subscribed, or setting up their first subscription (the subscribe page
 * creates it before the code is applied, and its card is confirmed after) while its trial runs.
 */
function isNewSubscriber(user: User, now = new Date()): boolean {
  if (!user.stripeSubscriptionId) return !user.hadTrial;
  const trialRuns = !!user.trialEndsAt && user.trialEndsAt > now;
  return user.stripeSubscriptionId === user.firstSubscriptionId && (!!user.awaitingCardSince || trialRuns);
}

/** Inviting friends and using their codes (spec section 4). */
export function referralService(ctx: AppContext) {
  const repo = referralsRepo(ctx.database.db);

  /**
   * Why this user may not use this code; else its referrer, and `repeat` when the user already
   * applied this very code. One place for the rules of spec section 4.
   */
  async function checkCode(
    user: User,
    code: string,
  ): Promise<{ problem: string } | { problem: null; referrer: User; repeat: boolean }> {
    const [referrer, used] = await Promise.all([repo.findReferrer(code), repo.codeUsedBy(user.id)]);
    const repeat = used === code;
    if (!referrer) return { problem: 'This referral code does not exist.' };
    if (referrer.id === user.id) return { problem: 'You cannot use your own referral code.' };
    if (used && !repeat) return { problem: 'You have already used a referral code.' };
    if (!isNewSubscriber(user)) return { problem: 'Referral codes are for new subscribers only.' };
    return { problem: null, referrer, repeat };
  }

  return {
    async stats(user: User): Promise<ReferralStats> {
      const counts = await repo.countsFor(user.id);
      return {
        totalReferrals: counts.total,
        pendingReferrals: counts.pending,
        completedReferrals: counts.completed,
        credits: user.referralCredits,
      };
    },

    /** Mails the friend the user's code: at most once a week to the same address. */
    async invite(user: User, friendEmail: string): Promise<void> {
      if (friendEmail === user.email) throw badRequest('You cannot invite yourself.');
      if (await repo.invitedSince(user.id, friendEmail, INVITE_AGAIN_AFTER_DAYS))
        throw conflict(`You invited this address in the last ${INVITE_AGAIN_AFTER_DAYS} days.`);
      await repo.recordInvitation(user.id, friendEmail);
      ctx.mailer.sendInBackground(referralInvitationMail(user, friendEmail, ctx.config.APP_URL));
    },

    /** Why this user may not use this code, or null when they may. */
    async problemWith(user: User, code: string): Promise<string | null> {
      return (await checkCode(user, code)).problem;
    },

    /**
     * The code goes with the subscription: the friend's first month after the trial is free (a 100 %
     * coupon on the subscription, used by its first paid invoice) and the referral is recorded, pending.
     */
    async apply(user: User, code: string): Promise<void> {
      const check = await checkCode(user, code);
      if (check.problem !== null) throw badRequest(check.problem);
      // Paying again after a declined card sends the code again: already recorded, nothing to do.
      if (check.repeat) return;
      const subscriptionId = user.stripeSubscriptionId;
      if (!subscriptionId) throw badRequest('Start your subscription first, then apply the code.');
      const billing = ctx.billing;
      if (!billing) throw new HttpError(503, 'Payments are not available right now. Please try again later.');
      await stripeCall(async () => {
        await billing.catalog();
        await addDiscount(billing, subscriptionId, REFERRAL_COUPON_ID, `referral-discount-${subscriptionId}`);
      });
      const recorded = await repo.create({
        referrerId: check.referrer.id,
        referralCode: code,
        friendEmail: user.email,
        friendUserId: user.id,
      });
      if (!recorded) throw conflict('You have already used a referral code.');
    },
  };
}
