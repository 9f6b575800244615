import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { badRequest } from '../lib/http-error';
import { errors } from '../openapi';
import { webhookRepo } from './webhook-repo';

function isEvent(value: unknown): value is Stripe.Event {
  const e = value as { id?: unknown; type?: unknown; data?: { object?: unknown } } | null;
  return (
    typeof e?.id === 'string' &&
    typeof e.type === 'string' &&
    typeof e.data?.object === 'object' &&
    e.data.object !== null
  );
}

/**
 * The webhook as the API's document describes it. Described only: the body must reach the route as
 * the raw bytes Stripe signed, and a bad or missing signature is answered by the route itself.
 */
const webhookDescription = {
  headers: z.object({
    'stripe-signature': z.string().describe("Stripe's signature of the raw body (Stripe-Signature)"),
  }),
  body: z
    .looseObject({
      id: z.string(),
      type: z.string(),
      data: z.looseObject({ object: z.looseObject({}) }),
    })
    .describe('A Stripe event, signed by Stripe with the webhook secret'),
  response: {
    200: z.object({ received: z.literal(true) }).describe('Recorded; processed afterwards, once'),
    ...errors(
      { 400: 'Invalid Stripe signature, or not a Stripe event' },
      { 503: 'Stripe webhooks are not configured' },
    ),
  },
};

/**
 * POST /api/stripe/webhook: the body is verified against Stripe's signature on its raw bytes, the
 * event recorded, and Stripe answered at once; the queue (webhook-queue.ts) processes it afterwards,
 * so a slow Stripe or a failure there never keeps Stripe waiting (docs/decisions/043-stripe-events-queued.md).
 */
export const stripeWebhook: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const events = webhookRepo(ctx.database.db);
  // This route alone reads the raw body: the signature is over the exact bytes Stripe sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/stripe/webhook', { config: { openapi: webhookDescription } }, async (request, reply) => {
    const { billing, metrics } = ctx;
    const queue = app.stripeEvents;
    if (!billing?.webhookSecret || !queue) {
      metrics.webhookReceived(null, 'not_configured');
      return reply.status(503).send({ message: 'Stripe webhooks are not configured' });
    }
    let event: Stripe.Event;
    try {
      event = billing.stripe.webhooks.constructEvent(
        request.body as Buffer,
        String(request.headers['stripe-signature'] ?? ''),
        billing.webhookSecret,
      );
    } catch {
      metrics.webhookReceived(null, 'bad_signature');
      throw badRequest('Invalid Stripe signature');
    }
    // Signed, yet not an event we can read (Stripe never sends one): refuse it rather than fail on it.
    if (!isEvent(event)) {
      metrics.webhookReceived((event as { type?: unknown } | null)?.type, 'invalid_event');
      throw badRequest('Invalid Stripe event');
    }
    // A redelivery finds its id recorded: acknowledged again, processed once.
    const recorded = await events.record(event);
    metrics.webhookReceived(event.type, recorded ? 'accepted' : 'duplicate');
    if (recorded) queue.kick();
    return reply.send({ received: true });
  });
};
