import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { User } from '../db/schema';
import type { Mail, QueuedMail } from '../mail/mailer';
import { practiceEndNotices } from '../practices/practice-lifecycle';
import { payOwedCredits, settleReferral } from '../referrals/rewards';
import type { Billing } from './billing';
import { billingRepo } from './billing-repo';
import { claimMoneyMail, moneyMailsFor } from './money-mails';
import { readFromStripe, storeSnapshot } from './sync';
import { webhookRepo } from './webhook-repo';

// Events that can change a subscription; any other event is recorded and marked processed, nothing more.
const SYNC_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  // A trial's card confirmed: its access begins (docs/decisions/063-a-trial-starts-with-its-card.md), and its trial-started mail (money-mails.ts).
  'setup_intent.succeeded',
]);

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  if (!object.customer) return null;
  return typeof object.customer === 'string' ? object.customer : object.customer.id;
}

/**
 * A renewal the bank wants confirmed (SCA) is remembered with Stripe's hosted page for it, where the
 * person confirms; the banner and the mail link there. Paying that invoice clears it.
 */
async function notePaymentAction(tx: Tx, event: Stripe.Event, user: User): Promise<User> {
  const repo = billingRepo(tx);
  // Only while the subscription still waits for the money: an event arriving late, after the payment
  // went through (the state just re-read from Stripe says so), asks nothing.
  if (event.type === 'invoice.payment_action_required' && user.subscriptionStatus === 'past_due') {
    const invoice = event.data.object;
    if (invoice.id && invoice.hosted_invoice_url)
      return repo.setPaymentAction(user.id, { invoiceId: invoice.id, url: invoice.hosted_invoice_url }, tx);
  }
  if (event.type === 'invoice.paid' && event.data.object.id === user.paymentActionInvoiceId)
    return repo.setPaymentAction(user.id, null, tx);
  return user;
}

/**
 * Processes a recorded Stripe event (the queue in webhook-queue.ts holds its lease). The subscription
 * is re-read from Stripe (so late, repeated or reordered events all converge on Stripe's current
 * state) and, in one transaction, the event is marked processed with its effects: the state written,
 * the referral settled and any mail queued. An event processed before changes nothing; a failure
 * rolls everything back for the next attempt.
 */
export async function processStripeEvent(
  ctx: AppContext,
  billing: Billing,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<void> {
  const { db } = ctx.database;
  const repo = billingRepo(db);
  const events = webhookRepo(db);
  const customerId = SYNC_EVENTS.has(event.type) ? customerOf(event) : null;
  const user = customerId ? await repo.findByCustomer(customerId) : undefined;
  const snapshot =
    user && customerId ? await readFromStripe(billing, customerId, user.stripeSubscriptionId) : null;

  const { mails, creditOwed } = await db.transaction(async (tx) => {
    const first = await events.markProcessed(event.id, tx);
    if (!first || !user || !snapshot) return { mails: [] as QueuedMail[], creditOwed: false };
    const updated = await notePaymentAction(tx, event, await storeSnapshot(tx, user.id, snapshot));
    const referral = await settleReferral(tx, event, updated, ctx.config.APP_URL);
    // Each mail about money once, however often or late its event comes (money-mails.ts).
    const toSend: Mail[] = [...referral.mails];
    for (const money of moneyMailsFor(event, updated, ctx.config.APP_URL))
      if (await claimMoneyMail(tx, updated.id, money)) toSend.push(money.mail);
    // Members hear of it when their practice's subscription ends (practice-lifecycle.ts).
    toSend.push(...(await practiceEndNotices(tx, updated, ctx.config.APP_URL)));
    const queued: QueuedMail[] = [];
    for (const m of toSend) queued.push(await ctx.mailer.enqueue(tx, m));
    return { mails: queued, creditOwed: referral.creditOwed };
  });
  for (const mail of mails) ctx.mailer.deliver(mail);
  // Owed credits are paid after the commit (a network call has no place in a transaction); any
  // left owed by an earlier failure are retried here too.
  if (creditOwed || snapshot) await payOwedCredits(db, billing, log);
}
