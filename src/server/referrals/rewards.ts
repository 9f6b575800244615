import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { isLiveSubscription } from '../../shared/access';
import { REFERRAL_MAX_FREE_MONTHS_PER_YEAR } from '../../shared/constants';
import { maskEmail } from '../../shared/mask-email';
import { findPlan } from '../../shared/plans';
import type { ReferralListItem } from '../../shared/schemas/referrals';
import type { Billing } from '../billing/billing';
import type { Db, Tx } from '../db/client';
import type { User } from '../db/schema';
import type { Mail } from '../mail/mailer';
import { referralCompletedMail } from '../mail/templates';
import { type Referral, referralsRepo } from './referrals-repo';

export const NO_ACTIVE_SUBSCRIPTION = 'No credit: the referrer had no active subscription';
export const YEARLY_LIMIT_REACHED = `No credit: the referrer had already earned ${REFERRAL_MAX_FREE_MONTHS_PER_YEAR} free months in the last 12 months`;
export const HELD_UNTIL_VERIFIED = 'Held: the referrer has not verified their email address yet';

/** The referrer's own words for why a completed referral earned them no month (the notes above are the admin's). */
const NOT_EARNED_BECAUSE: Record<string, string> = {
  [NO_ACTIVE_SUBSCRIPTION]:
    'No free month: your own subscription was not active when your colleague paid. A free month is taken off your next bill, so it needs a subscription that is running.',
  [YEARLY_LIMIT_REACHED]: `No free month: you had already earned ${REFERRAL_MAX_FREE_MONTHS_PER_YEAR} free months in the 12 months before, the most a year allows.`,
};

/**
 * Where a referral stands for its referrer, in their words (GET /api/referrals, and the mail when it
 * completes): the friend yet to pay, gone, or paid, with the referrer's month earned, waiting for their
 * verified address, or not earned and why.
 */
export function referralOutcome(referral: Referral): Pick<ReferralListItem, 'reward' | 'explanation'> {
  if (referral.status === 'pending')
    return {
      reward: null,
      explanation: 'Waiting for your colleague’s first payment, after their free trial.',
    };
  if (referral.status === 'expired')
    return { reward: null, explanation: 'Your colleague’s subscription ended before their first payment.' };
  if (referral.creditAmount !== null)
    return { reward: 'earned', explanation: 'You earned a free month: it comes off your next bill.' };
  if (referral.rewardHeld)
    return {
      reward: 'held',
      explanation: 'Your free month waits for you to verify your email address: open the link we sent you.',
    };
  return {
    reward: 'none',
    explanation:
      NOT_EARNED_BECAUSE[referral.rewardNote ?? ''] ?? 'No free month was earned for this referral.',
  };
}

/**
 * The friend has paid money: an invoice with a non-zero amount is paid. The first invoice after the
 * trial is free by the friend's coupon, so it proves nothing: a friend who cancels then never pays.
 */
function friendPaid(event: Stripe.Event): boolean {
  return event.type === 'invoice.paid' && (event.data.object as Stripe.Invoice).amount_paid > 0;
}

/**
 * Decides the referrer's reward for a completed referral, once. Referral rewards need a verified
 * address (docs/architecture.md#settled-points): the referrer's, as the reward is theirs. Until they verify, the reward
 * waits undecided (a friend who paid is not lost by a mail opened late) and is decided by these same
 * rules when they do. The referrer's row is locked while the reward is decided, so two friends
 * completing at once cannot both take the 12th month. Whether a credit is now owed, and the referrer as read.
 */
async function decideReward(
  tx: Tx,
  referral: Referral,
): Promise<{ owed: boolean; referrer: User | undefined }> {
  const repo = referralsRepo(tx);
  const referrer = await repo.lockUser(referral.referrerId);
  const owed = (yes: boolean) => ({ owed: yes, referrer });
  // The referrer's row exists: deleting an account deletes the referrals it made (foreign key).
  if (referrer && !referrer.emailVerified) {
    await repo.holdReward(referral.id, HELD_UNTIL_VERIFIED);
    return owed(false);
  }
  let note: string | null = null;
  if (referrer?.subscriptionStatus !== 'active' || !referrer.stripeCustomerId || referrer.plan === 'free') {
    note = NO_ACTIVE_SUBSCRIPTION;
  } else if ((await repo.rewardsInLastYear(referrer.id)) >= REFERRAL_MAX_FREE_MONTHS_PER_YEAR) {
    note = YEARLY_LIMIT_REACHED;
  }
  if (note || !referrer) {
    await repo.setRewardNote(referral.id, note);
    return owed(false);
  }
  // One month of the referrer's own plan, at its full price.
  await repo.grantCredit(referral, Math.round((findPlan(referrer.plan)?.price ?? 0) * 100));
  return owed(true);
}

/**
 * What a Stripe event means for the referral that brought `friend` in. Runs inside the webhook's
 * transaction, after the friend's state is written, so it happens exactly when the event is first
 * recorded. Completion is one conditional update (pending → completed): a second delivery, or a
 * concurrent one, finds nothing pending and does nothing.
 * Returns whether a credit is now owed (to be paid to Stripe after the commit), and the referrer's mail
 * to queue with the transaction.
 */
export async function settleReferral(
  tx: Tx,
  event: Stripe.Event,
  friend: User,
  appUrl: string,
): Promise<{ creditOwed: boolean; mails: Mail[] }> {
  const repo = referralsRepo(tx);
  const nothing = { creditOwed: false, mails: [] };
  // A trial still waiting for its card is not live yet, but not over either: its referral stays pending
  // (docs/decisions/063-a-trial-starts-with-its-card.md). Ended or never confirmed, it expires.
  if (!isLiveSubscription(friend.subscriptionStatus) && !friend.awaitingCardSince) {
    await repo.expirePending(friend.id);
    return nothing;
  }
  if (!friendPaid(event)) return nothing;

  const completed = await repo.completePending(friend.id);
  if (!completed) return nothing;
  const { owed: creditOwed, referrer } = await decideReward(tx, completed);
  // The referrer hears of it, earned or not, and why not (once: completion happens once), from the row
  // as the decision left it.
  const decided = await repo.findById(completed.id);
  if (!decided || !referrer) return { creditOwed, mails: [] };
  const mail = referralCompletedMail(
    referrer,
    maskEmail(decided.friendEmail),
    referralOutcome(decided),
    appUrl,
  );
  return { creditOwed, mails: [mail] };
}

/**
 * The referrer has just verified their email (in this transaction): the rewards held for it are decided
 * now, in the order their friends paid. Returns whether a credit is now owed (paid after the commit).
 */
export async function releaseHeldRewards(tx: Tx, referrerId: number): Promise<boolean> {
  const held = await referralsRepo(tx).takeHeldRewards(referrerId);
  held.sort((a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0) || a.id - b.id);
  let owed = false;
  for (const referral of held) owed = (await decideReward(tx, referral)).owed || owed;
  return owed;
}

/**
 * Pays every owed referral credit into the referrer's Stripe customer balance (a credit Stripe takes
 * off their next invoice). Safe to run at any time and from several places at once: each credit
 * carries the referral id in its metadata and its idempotency key, a credit Stripe already holds is
 * only marked, and a failure leaves it owed for the next run.
 */
export async function payOwedCredits(db: Db, billing: Billing, log: FastifyBaseLogger): Promise<void> {
  const repo = referralsRepo(db);
  for (const credit of await repo.owedCredits()) {
    if (!credit.customer || !credit.amount) continue;
    // Stripe keeps the first answer to an idempotency key, a 500 included: each attempt needs its own
    // key, so only one attempt may run at a time (this lease), and a credit Stripe already holds is
    // recognised by its metadata rather than by the key.
    const claimedAt = await repo.claimPayment(credit.id);
    if (!claimedAt) continue;
    try {
      const { stripe } = billing;
      const existing = await stripe.customers.listBalanceTransactions(credit.customer, { limit: 100 });
      const already = existing.data.some((t) => t.metadata?.referral_id === String(credit.id));
      if (!already) {
        await stripe.customers.createBalanceTransaction(
          credit.customer,
          {
            amount: -credit.amount,
            currency: 'gbp',
            description: 'Referral reward: one free month',
            metadata: { referral_id: String(credit.id) },
          },
          { idempotencyKey: `referral-credit-${credit.id}-${claimedAt.getTime()}` },
        );
      }
      await repo.markCredited(credit.id);
    } catch (error) {
      log.error({ err: error, referralId: credit.id }, 'referral credit not yet paid; will retry');
      await repo.releasePayment(credit.id);
    }
  }
}
