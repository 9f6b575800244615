import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { User } from '../db/schema';
import type { Mail, QueuedMail } from '../mail/mailer';
import { paymentActionRequiredMail, paymentFailedMail, trialEndingMail } from '../mail/templates';
import { practiceEndNotices } from '../practices/practice-lifecycle';
import { payOwedCredits, settleReferral } from '../referrals/rewards';
import type { Billing } from './billing';
import { billingRepo } from './billing-repo';
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
  // A trial's card confirmed: its access begins (decision 063).
  'setup_intent.succeeded',
]);

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  if (!object.customer) return null;
  return typeof object.customer === 'string' ? object.customer : object.customer.id;
}

/**
 * A failed payment that Stripe will try again: a renewal's. The first invoice of a subscription
 * (`subscription_create`) is never retried, and the subscribe page has already told the person, so
 * a mail saying "we will try again" would be false. Nor is a plan switch's (`subscription_update`):
 * the page said it did not go through, the plan stayed and its invoice is voided.
 */
function isRetried(invoice: Stripe.Invoice): boolean {
  return invoice.billing_reason !== 'subscription_create' && invoice.billing_reason !== 'subscription_update';
}

/** The mail an event sends the user, now that their state is written. */
function mailFor(event: Stripe.Event, user: User, appUrl: string): Mail | null {
  if (event.type === 'customer.subscription.trial_will_end' && user.trialEndsAt)
    return trialEndingMail(user, user.trialEndsAt, appUrl);
  if (event.type === 'invoice.payment_failed' && isRetried(event.data.object))
    return paymentFailedMail(user, appUrl);
  if (event.type === 'invoice.payment_action_required' && user.paymentActionUrl)
    return paymentActionRequiredMail(user, user.paymentActionUrl, appUrl);
  return null;
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
    const creditOwed = await settleReferral(tx, event, updated);
    const mail = mailFor(event, updated, ctx.config.APP_URL);
    // Members hear of it when their practice's subscription ends (practice-lifecycle.ts).
    const toSend = [...(mail ? [mail] : []), ...(await practiceEndNotices(tx, updated, ctx.config.APP_URL))];
    const queued: QueuedMail[] = [];
    for (const m of toSend) queued.push(await ctx.mailer.enqueue(tx, m));
    return { mails: queued, creditOwed };
  });
  for (const mail of mails) ctx.mailer.deliver(mail);
  // Owed credits are paid after the commit (a network call has no place in a transaction); any
  // left owed by an earlier failure are retried here too.
  if (creditOwed || snapshot) await payOwedCredits(db, billing, log);
}
