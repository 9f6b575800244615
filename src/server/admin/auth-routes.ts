import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginSchema, publicAdminSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { requireAdmin } from '../auth/require';
import { endSession, startSession, verifyLogin } from '../auth/sign-in';
import { authRateLimit } from '../security/rate-limits';
import { adminsRepo, toPublicAdmin } from './admins-repo';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = adminsRepo(app.ctx.database.db);

  app.post(
    '/api/admin/login',
    {
      config: authRateLimit(app.ctx.config),
      schema: { body: adminLoginSchema, response: { 200: publicAdminSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const admin = await verifyLogin(app.ctx, 'admin', admins.findByLogin, username, password);
      await startSession(request, reply, 'admin', admin.id);
      return toPublicAdmin(admin);
    },
  );

  app.get('/api/admin/user', { schema: { response: { 200: publicAdminSchema } } }, async (request, reply) =>
    toPublicAdmin(await requireAdmin(request, reply)),
  );

  app.post('/api/admin/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(request, reply, 'admin');
    return { message: 'Logged out' };
  });
};
