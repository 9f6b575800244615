import type Stripe from 'stripe';
import type { Db, Tx } from '../db/client';
import { billingMails, type User } from '../db/schema';
import type { Mail } from '../mail/mailer';
import {
  cancellationConfirmedMail,
  cancellationUndoneMail,
  paymentActionRequiredMail,
  paymentFailedMail,
  paymentReceivedMail,
  subscriptionFrozenMail,
  subscriptionResumedMail,
  trialEndingMail,
  trialStartedMail,
} from '../mail/templates';

/**
 * A mail about money and what it is about (each once: docs/decisions/066-failed-renewal-grace-and-money-mails.md).
 * `subject` is the Stripe object it reports: the invoice for a payment, the subscription for its trial, the
 * event for a change the person asked for (each request is one event). Stripe may deliver an event twice,
 * late, or send two events about one invoice: the first to claim the (kind, subject) row sends it.
 */
type MoneyMail = { kind: string; subject: string; mail: Mail };

/**
 * Whether the trial has begun with a confirmed card, so its mail is due: the state just synced says the
 * subscription is in its trial and gives access, and the event is the card's confirmation. Kept to the
 * state and this one event so that the rule of when a trial starts stays in the sync (the trial's
 * SetupIntent succeeded, docs/decisions/063-a-trial-starts-with-its-card.md).
 */
function trialStarted(event: Stripe.Event, user: User): boolean {
  return (
    event.type === 'setup_intent.succeeded' &&
    user.subscriptionStatus === 'active' &&
    user.trialEndsAt !== null &&
    user.trialEndsAt.getTime() > Date.now()
  );
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

/** The VAT in an invoice, in pence: Stripe's `total_taxes` (the pinned API version's field). */
function vatOf(invoice: Stripe.Invoice): number {
  return (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
}

/** What changed in a subscription event: Stripe's `previous_attributes` holds the old values. */
function previous(event: Stripe.Event): Partial<Stripe.Subscription> | undefined {
  return event.type === 'customer.subscription.updated'
    ? (event.data.previous_attributes as Partial<Stripe.Subscription> | undefined)
    : undefined;
}

/**
 * The mails an event sends, read from the user's state as just synced from Stripe (so an event
 * arriving after the change was undone sends nothing) and from the event's own object.
 */
export function moneyMailsFor(event: Stripe.Event, user: User, appUrl: string): MoneyMail[] {
  const mails: MoneyMail[] = [];
  const subscription = user.stripeSubscriptionId ?? '';
  if (trialStarted(event, user) && subscription)
    mails.push({
      kind: 'trial_started',
      subject: subscription,
      mail: trialStartedMail(user, user.trialEndsAt!, appUrl),
    });
  if (event.type === 'customer.subscription.trial_will_end' && user.trialEndsAt)
    mails.push({
      kind: 'trial_ending',
      subject: event.data.object.id,
      mail: trialEndingMail(user, user.trialEndsAt, appUrl),
    });

  if (event.type === 'invoice.paid' && event.data.object.amount_paid > 0) {
    const invoice = event.data.object;
    mails.push({
      kind: 'payment_received',
      subject: invoice.id!,
      mail: paymentReceivedMail(
        user,
        {
          number: invoice.number,
          paid: invoice.amount_paid,
          total: invoice.total,
          vat: vatOf(invoice),
          url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
        },
        appUrl,
      ),
    });
  }
  // Only while the renewal is still unpaid (the state just re-read from Stripe says so): an event
  // arriving after the payment went through asks nothing.
  if (
    event.type === 'invoice.payment_failed' &&
    isRetried(event.data.object) &&
    user.subscriptionStatus === 'past_due'
  )
    mails.push({
      kind: 'payment_failed',
      subject: event.data.object.id!,
      mail: paymentFailedMail(user, user.pastDueAccessUntil, appUrl),
    });
  if (event.type === 'invoice.payment_action_required' && user.paymentActionUrl)
    mails.push({
      kind: 'payment_action_required',
      subject: event.data.object.id!,
      mail: paymentActionRequiredMail(user, user.paymentActionUrl, user.pastDueAccessUntil, appUrl),
    });

  const before = previous(event);
  if (before?.cancel_at_period_end === false && user.cancelAtPeriodEnd)
    mails.push({
      kind: 'cancellation_confirmed',
      subject: event.id,
      mail: cancellationConfirmedMail(user, user.currentPeriodEnd ?? user.trialEndsAt, appUrl),
    });
  if (
    before?.cancel_at_period_end === true &&
    !user.cancelAtPeriodEnd &&
    user.subscriptionStatus === 'active'
  )
    mails.push({
      kind: 'cancellation_undone',
      subject: event.id,
      mail: cancellationUndoneMail(user, user.currentPeriodEnd ?? user.trialEndsAt, appUrl),
    });
  if (before && 'pause_collection' in before) {
    if (before.pause_collection === null && user.subscriptionStatus === 'paused')
      mails.push({
        kind: 'subscription_frozen',
        subject: event.id,
        mail: subscriptionFrozenMail(user, user.pausedUntil, appUrl),
      });
    if (before.pause_collection && user.subscriptionStatus === 'active')
      mails.push({
        kind: 'subscription_resumed',
        subject: event.id,
        mail: subscriptionResumedMail(user, user.currentPeriodEnd, appUrl),
      });
  }
  return mails;
}

/** Takes the right to send this mail: false when it was sent before (its row exists). */
export async function claimMoneyMail(tx: Db | Tx, userId: number, mail: MoneyMail): Promise<boolean> {
  const claimed = await tx
    .insert(billingMails)
    .values({ userId, kind: mail.kind, subject: mail.subject })
    .onConflictDoNothing()
    .returning({ id: billingMails.id });
  return claimed.length > 0;
}
