import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginSchema, publicAdminSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { verifyPassword } from '../auth/password';
import { requireAdmin } from '../auth/require';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../auth/session-cookies';
import { unauthorized } from '../lib/http-error';
import { authRateLimit } from '../security/rate-limits';
import { adminsRepo, toPublicAdmin } from './admins-repo';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const repo = adminsRepo(ctx.database.db);
  const sessions = ctx.sessions.admin;

  app.post(
    '/api/admin/login',
    {
      config: authRateLimit(ctx.config),
      schema: { body: adminLoginSchema, response: { 200: publicAdminSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const admin = await repo.findByLogin(username);
      const ok = await verifyPassword(admin?.password, password);
      if (!admin || !ok) throw unauthorized('Invalid username or password');
      const old = sessionToken(request, 'admin');
      if (old) await sessions.end(old);
      const { token, expiresAt } = await sessions.create(admin.id);
      setSessionCookie(reply, 'admin', token, expiresAt, ctx.cookie);
      return toPublicAdmin(admin);
    },
  );

  app.get(
    '/api/admin/user',
    { preHandler: requireAdmin, schema: { response: { 200: publicAdminSchema } } },
    async (request) => toPublicAdmin(request.admin!),
  );

  app.post('/api/admin/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    const token = sessionToken(request, 'admin');
    if (token) await sessions.end(token);
    clearSessionCookie(reply, 'admin', ctx.cookie);
    return { message: 'Logged out' };
  });
};
