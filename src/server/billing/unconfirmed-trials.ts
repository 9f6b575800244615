import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context';
import type { Billing } from './billing';
import { billingRepo } from './billing-repo';
import { stripeCall } from './stripe-call';
import { awaitsCard } from './subscription-state';
import { syncUser } from './sync';

/** How long a trial may wait for its card before we cancel it (docs/decisions/063-a-trial-starts-with-its-card.md). */
export const CARD_WAIT_MS = 24 * 60 * 60 * 1000;
/** Trials looked at per sweep; the next sweep takes the rest. */
const BATCH = 50;

/** Whether a subscription was made `CARD_WAIT_MS` or more before `now`. */
const waitedTooLong = (sub: Stripe.Subscription, now: Date) =>
  sub.created * 1000 <= now.getTime() - CARD_WAIT_MS;

/** A trial still waiting for its card, young enough for the subscribe page to carry on with it. */
export function isResumable(sub: Stripe.Subscription, now = new Date()): boolean {
  return sub.status === 'trialing' && awaitsCard(sub) && !waitedTooLong(sub, now);
}

/**
 * Cancels the trials that have waited a day for their card (Stripe would end them only at the trial's
 * end), and stores what Stripe then says. Several instances may sweep at once: each person is taken
 * under their subscription-creation lease (so neither another sweep nor the subscribe page works on
 * them meanwhile), the subscription is read again from Stripe before anything is done, and the
 * cancellation carries an idempotency key. Returns how many were cancelled.
 */
export async function cancelUnconfirmedTrials(
  ctx: AppContext,
  billing: Billing,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const { db } = ctx.database;
  const repo = billingRepo(db);
  let cancelled = 0;
  for (const user of await repo.awaitingCardSince(new Date(now.getTime() - CARD_WAIT_MS), BATCH)) {
    const subId = user.stripeSubscriptionId;
    if (!subId || !(await repo.claimCreation(user.id))) continue;
    try {
      await stripeCall(async () => {
        const sub = await billing.stripe.subscriptions.retrieve(subId, { expand: ['pending_setup_intent'] });
        if (sub.status === 'trialing' && awaitsCard(sub) && waitedTooLong(sub, now)) {
          // Its SetupIntent first, which Stripe leaves open when the subscription ends: a subscribe
          // page still open cannot then save a card to a subscription that is gone.
          const setupIntent = sub.pending_setup_intent as Stripe.SetupIntent | null;
          if (setupIntent && setupIntent.status !== 'canceled')
            await billing.stripe.setupIntents.cancel(
              setupIntent.id,
              { cancellation_reason: 'abandoned' },
              { idempotencyKey: `unconfirmed-${setupIntent.id}` },
            );
          await billing.stripe.subscriptions.cancel(subId, {}, { idempotencyKey: `unconfirmed-${subId}` });
          cancelled++;
        }
        // Whatever Stripe says now is stored, so the person leaves the sweep's list either way.
        await syncUser(db, billing, user);
      });
    } catch (err) {
      log.warn({ err, userId: user.id }, 'unconfirmed trial not cancelled; the next sweep retries');
    } finally {
      await repo.releaseCreation(user.id);
    }
  }
  return cancelled;
}
