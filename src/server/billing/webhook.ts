import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { PRODUCT_NAME } from '../../shared/brand';
import { stripeEvents, users } from '../db/schema';
import { badRequest } from '../lib/http-error';
import type { QueuedMail } from '../mail/mailer';
import { payOwedCredits, settleReferral } from '../referrals/rewards';
import { readFromStripe, writeState } from './sync';

// Events that can change a subscription; any other event is acknowledged and recorded, nothing more.
const SYNC_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

function isEvent(value: unknown): value is Stripe.Event {
  const e = value as { id?: unknown; type?: unknown; data?: { object?: unknown } } | null;
  return (
    typeof e?.id === 'string' &&
    typeof e.type === 'string' &&
    typeof e.data?.object === 'object' &&
    e.data.object !== null
  );
}

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  if (!object.customer) return null;
  return typeof object.customer === 'string' ? object.customer : object.customer.id;
}

/**
 * POST /api/stripe/webhook. The body is verified against Stripe's signature on its raw bytes. The
 * subscription is then re-read from Stripe (so late, repeated or reordered events all converge on
 * Stripe's current state) and, in one transaction, the event id is recorded (unique) with its effects:
 * the state written and any mail queued. A redelivered event finds its id taken and changes nothing.
 */
export const stripeWebhook: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // This route alone reads the raw body: the signature is over the exact bytes Stripe sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/stripe/webhook', async (request, reply) => {
    const billing = ctx.billing;
    if (!billing?.webhookSecret)
      return reply.status(503).send({ message: 'Stripe webhooks are not configured' });
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = billing.stripe.webhooks.constructEvent(
        request.body as Buffer,
        String(signature ?? ''),
        billing.webhookSecret,
      );
    } catch {
      throw badRequest('Invalid Stripe signature');
    }
    // Signed, yet not an event we can read (Stripe never sends one): refuse it rather than fail on it.
    if (!isEvent(event)) throw badRequest('Invalid Stripe event');

    const customerId = SYNC_EVENTS.has(event.type) ? customerOf(event) : null;
    const [user] = customerId
      ? await ctx.database.db.select().from(users).where(eq(users.stripeCustomerId, customerId))
      : [];
    const snapshot =
      user && customerId ? await readFromStripe(billing, customerId, user.stripeSubscriptionId) : null;

    const { mails, creditOwed } = await ctx.database.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning();
      if (!fresh || !user || !snapshot) return { mails: [], creditOwed: false };
      const updated = await writeState(tx, user.id, snapshot);
      const creditOwed = await settleReferral(tx, event, updated);
      const queued: QueuedMail[] = [];
      if (event.type === 'customer.subscription.trial_will_end' && updated.trialEndsAt) {
        queued.push(
          await ctx.mailer.enqueue(tx, {
            to: updated.email,
            subject: `Your ${PRODUCT_NAME} trial ends on ${longDate.format(updated.trialEndsAt)}`,
            text: [
              `Hello ${updated.username},`,
              '',
              `Your free trial ends on ${longDate.format(updated.trialEndsAt)}. After that your card is charged monthly; you can cancel any time before then from your account:`,
              `${ctx.config.APP_URL}/account`,
            ].join('\n'),
          }),
        );
      }
      if (event.type === 'invoice.payment_failed') {
        queued.push(
          await ctx.mailer.enqueue(tx, {
            to: updated.email,
            subject: `Your ${PRODUCT_NAME} payment failed`,
            text: [
              `Hello ${updated.username},`,
              '',
              'We could not take your latest payment. Please update your card so your notes keep flowing:',
              `${ctx.config.APP_URL}/account`,
              '',
              'We will try the payment again in a few days.',
            ].join('\n'),
          }),
        );
      }
      return { mails: queued, creditOwed };
    });
    for (const mail of mails) ctx.mailer.deliver(mail);
    // Owed credits are paid after the commit (a network call has no place in a transaction); any
    // left owed by an earlier failure are retried here too.
    if (creditOwed || snapshot) await payOwedCredits(ctx.database.db, billing, request.log);
    return reply.send({ received: true });
  });
};
