import { inFreeTrial } from '../../shared/access';
import { maskEmail } from '../../shared/mask-email';
import {
  REFERRAL_CODE_VALID,
  type ReferralListItem,
  type ReferralStats,
  type SubscriptionReferral,
} from '../../shared/schemas/referrals';
import { usersRepo } from '../auth/users-repo';
import { stripeCall } from '../billing/stripe-call';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error';
import { referralInvitationMail } from '../mail/templates';
import { giveFriendMonth, takeBackFriendMonth } from './friend-reward';
import { referralsRepo } from './referrals-repo';
import { referralOutcome } from './rewards';

const INVITE_AGAIN_AFTER_DAYS = 7;
/** /refer lists this many, the latest: more than the yearly limit of months asks of any referrer. */
const REFERRALS_LISTED = 100;
const ALREADY_USED = 'You have already used a referral code.';

/**
 * A new subscriber: never subscribed, or setting up their first subscription (the subscribe page
 * creates it before the code is applied, and its card is confirmed after) while its trial runs.
 */
function isNewSubscriber(user: User, now = new Date()): boolean {
  if (!user.stripeSubscriptionId) return !user.hadTrial;
  return (
    user.stripeSubscriptionId === user.firstSubscriptionId &&
    (!!user.awaitingCardSince || inFreeTrial(user, now.getTime()))
  );
}

/** Inviting friends and using their codes (docs/architecture.md#states). */
export function referralService(ctx: AppContext) {
  const repo = referralsRepo(ctx.database.db);
  const requireBilling = () => {
    if (!ctx.billing)
      throw new HttpError(503, 'Payments are not available right now. Please try again later.');
    return ctx.billing;
  };

  /**
   * Why this user may not use this code; else its referrer, and `repeat` when the user already
   * applied this very code. One place for the rules of docs/architecture.md#states.
   */
  async function checkCode(
    user: User,
    code: string,
  ): Promise<{ problem: string } | { problem: null; referrer: User; repeat: boolean }> {
    const [referrer, used] = await Promise.all([repo.findReferrer(code), repo.codeUsedBy(user.id)]);
    const repeat = used === code;
    if (!referrer) return { problem: 'This referral code does not exist.' };
    if (referrer.id === user.id) return { problem: 'You cannot use your own referral code.' };
    if (used && !repeat) return { problem: ALREADY_USED };
    if (!isNewSubscriber(user)) return { problem: 'Referral codes are for new subscribers only.' };
    return { problem: null, referrer, repeat };
  }

  /**
   * The code goes with the subscription: the friend's first month after the trial is free (a 100 %
   * coupon on the subscription, used by its first paid invoice; on a yearly plan a month added to the
   * period, friend-reward.ts) and the referral is recorded, pending.
   * The row is written first: of requests racing to apply a code, one wins at the unique index and
   * only it reaches Stripe; the others, and any later try, answer 409 (the page sends a code once,
   * as the create answer and this one say it is applied). A coupon Stripe refused takes the row back.
   */
  async function apply(user: User, code: string): Promise<void> {
    const check = await checkCode(user, code);
    if (check.problem !== null) throw badRequest(check.problem);
    if (check.repeat) throw conflict(ALREADY_USED);
    const subscriptionId = user.stripeSubscriptionId;
    if (!subscriptionId) throw badRequest('Start your subscription first, then apply the code.');
    const billing = requireBilling();
    const recorded = await repo.create({
      referrerId: check.referrer.id,
      referralCode: code,
      friendEmail: user.email,
      friendUserId: user.id,
    });
    if (!recorded) throw conflict(ALREADY_USED);
    try {
      await stripeCall(() =>
        // The row's id in the key: a code removed and applied again is a new request to Stripe.
        giveFriendMonth(billing, subscriptionId, `referral-discount-${recorded.id}`),
      );
    } catch (error) {
      await repo.deletePending(user.id);
      throw error;
    }
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

    /** The user's referrals, the latest first, each with where it stands in their words. */
    async list(user: User): Promise<ReferralListItem[]> {
      return (await repo.listFor(user.id, REFERRALS_LISTED)).map((referral) => ({
        id: referral.id,
        friend: maskEmail(referral.friendEmail),
        status: referral.status,
        createdAt: referral.createdAt.toISOString(),
        completedAt: referral.completedAt?.toISOString() ?? null,
        ...referralOutcome(referral),
      }));
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

    apply,

    /**
     * After the subscribe page's create call: the code it carried (a share link's) applied with no step
     * of the person's, and what the page should say of the referral: the code applied to this
     * subscription (also when the page comes back to it), or the code sent and why it was not applied.
     */
    async afterSubscriptionStarted(userId: number, code?: string): Promise<SubscriptionReferral | null> {
      // Read afresh: the create call has just given the row its subscription, which `apply` puts the coupon on.
      const user = await usersRepo(ctx.database.db).findById(userId);
      if (!user) return null;
      let problem: string | null = null;
      if (code && (await repo.pendingCodeOf(user.id)) !== code) {
        try {
          await apply(user, code);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          problem = error.message;
        }
      }
      const applied = await repo.pendingCodeOf(user.id);
      if (applied) return { code: applied, applied: true, message: REFERRAL_CODE_VALID };
      return code && problem ? { code, applied: false, message: problem } : null;
    },

    /**
     * Remove (docs/decisions/064-referral-code-applied-with-the-subscription.md): while the subscription is
     * being set up, the code comes off it. Stripe first: if it cannot take the coupon off, the referral
     * stays as the coupon does.
     */
    async remove(user: User): Promise<void> {
      const code = await repo.pendingCodeOf(user.id);
      const subscriptionId = user.stripeSubscriptionId;
      if (!code || !subscriptionId || !isNewSubscriber(user))
        throw notFound('No referral code is applied to a subscription being set up.');
      const billing = requireBilling();
      await stripeCall(() =>
        takeBackFriendMonth(billing, subscriptionId, `referral-removal-${user.id}-${code}-${Date.now()}`),
      );
      await repo.deletePending(user.id);
    },
  };
}
