import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLANS } from '../shared/plans';
import { planSchema } from '../shared/schemas/billing';
import { publicConfigSchema } from '../shared/schemas/config';
import { ping } from './db/client';

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Health answers 503 when the database does not, so a load balancer stops sending traffic here.
  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      await ping(ctx.database.db);
      return reply.send({ status: 'ok' as const });
    },
  );

  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    noteAppUrl: ctx.config.NOTE_APP_URL ?? null,
    // Without the secret key too, payments cannot work: the subscribe page then says they are unavailable.
    stripePublishableKey: ctx.billing ? (ctx.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  }));

  app.get(
    '/api/subscription-plans',
    { schema: { response: { 200: z.array(planSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return [...PLANS];
    },
  );
};
