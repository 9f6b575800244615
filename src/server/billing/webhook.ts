import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { badRequest } from '../lib/http-error';
import { handleStripeEvent } from './webhook-service';

function isEvent(value: unknown): value is Stripe.Event {
  const e = value as { id?: unknown; type?: unknown; data?: { object?: unknown } } | null;
  return (
    typeof e?.id === 'string' &&
    typeof e.type === 'string' &&
    typeof e.data?.object === 'object' &&
    e.data.object !== null
  );
}

/** POST /api/stripe/webhook: the body is verified against Stripe's signature on its raw bytes. */
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
    let event: Stripe.Event;
    try {
      event = billing.stripe.webhooks.constructEvent(
        request.body as Buffer,
        String(request.headers['stripe-signature'] ?? ''),
        billing.webhookSecret,
      );
    } catch {
      throw badRequest('Invalid Stripe signature');
    }
    // Signed, yet not an event we can read (Stripe never sends one): refuse it rather than fail on it.
    if (!isEvent(event)) throw badRequest('Invalid Stripe event');
    await handleStripeEvent(ctx, billing, event, request.log);
    return reply.send({ received: true });
  });
};
