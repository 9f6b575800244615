import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '../../shared/schemas/admin';
import { requireAdmin } from '../auth/require';
import { adminReferrals, adminStats, adminSubscribers, adminUsersJson } from './admin-queries';

/**
 * The read-only admin area's data. The lists carry no response schema: validating 100,000 rows
 * would cost more than the query, and each row is built from an explicit column list that
 * holds no secret (admin-queries.ts), which is what the schema would have guaranteed. The users
 * list arrives from the database as JSON text and is sent as it is.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  // Every route of this plugin is the admin's: the guard is its hook.
  app.addHook('preHandler', async (request, reply) => {
    await requireAdmin(request, reply);
  });

  app.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async () =>
    adminStats(db),
  );
  app.get('/api/admin/users', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await adminUsersJson(db)),
  );
  app.get('/api/admin/subscribers', async () => adminSubscribers(db));
  app.get('/api/admin/referrals', async () => adminReferrals(db));
};
