import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../shared/schemas/auth';
import {
  createSubscriptionResponseSchema,
  createSubscriptionSchema,
  invoiceSchema,
  paymentMethodSchema,
  subscriptionDetailsSchema,
} from '../../shared/schemas/billing';
import { requireUser } from '../auth/require';
import { toPublicUser } from '../auth/users-repo';
import { subscriptionService } from './subscription-service';

const userAnswer = { schema: { response: { 200: publicUserSchema } } };

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = subscriptionService(app.ctx);

  app.post(
    '/api/create-subscription',
    { schema: { body: createSubscriptionSchema, response: { 200: createSubscriptionResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return subscriptions.create(user, request.body.planId);
    },
  );

  // The success page calls this at once, so the account shows the plan before the webhook arrives.
  app.post('/api/subscription/sync', userAnswer, async (request, reply) =>
    toPublicUser(await subscriptions.sync(await requireUser(request, reply))),
  );

  app.get(
    '/api/subscription',
    { schema: { response: { 200: subscriptionDetailsSchema } } },
    async (request, reply) => subscriptions.details(await requireUser(request, reply)),
  );

  app.post('/api/subscription/freeze', userAnswer, async (request, reply) =>
    toPublicUser(await subscriptions.freezeOrResume(await requireUser(request, reply), request.id)),
  );

  app.post('/api/subscription/discount', userAnswer, async (request, reply) =>
    toPublicUser(await subscriptions.discount(await requireUser(request, reply))),
  );

  app.post('/api/subscription/cancel', userAnswer, async (request, reply) =>
    toPublicUser(await subscriptions.cancelAtPeriodEnd(await requireUser(request, reply), request.id)),
  );

  app.post('/api/subscription/keep', userAnswer, async (request, reply) =>
    toPublicUser(await subscriptions.keep(await requireUser(request, reply), request.id)),
  );

  app.get(
    '/api/billing/invoices',
    { schema: { response: { 200: invoiceSchema.array() } } },
    async (request, reply) => subscriptions.invoices(await requireUser(request, reply)),
  );

  app.get(
    '/api/billing/payment-method',
    { schema: { response: { 200: paymentMethodSchema } } },
    async (request, reply) => subscriptions.paymentMethod(await requireUser(request, reply)),
  );

  app.post(
    '/api/billing/portal',
    { schema: { response: { 200: z.object({ url: z.string() }) } } },
    async (request, reply) => ({ url: await subscriptions.portalUrl(await requireUser(request, reply)) }),
  );
};
