import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema, emailTokenSchema } from '../../shared/schemas/account';
import { messageSchema } from '../../shared/schemas/fields';
import { optionalUserSession, requireUser, requireUserSession } from '../auth/require';
import { clearSessionCookie } from '../auth/session-cookies';
import { authRateLimit } from '../security/rate-limits';
import { accountService } from './account-service';
import { emailAddressService } from './email-address-service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = accountService(app.ctx);
  const emailAddress = emailAddressService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);

  // Open to visitors too: the link may be opened on another device than the one signed in.
  app.post(
    '/api/user/verify-email',
    { config: rateLimit, schema: { body: emailTokenSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      const session = await optionalUserSession(request, reply);
      const keep = session ? { userId: session.user.id, token: session.token } : undefined;
      return { message: await emailAddress.confirm(request.body.token, keep) };
    },
  );

  app.post(
    '/api/user/verify-email/resend',
    { config: rateLimit, schema: { response: { 200: messageSchema } } },
    async (request, reply) => ({
      message: await emailAddress.resendVerification(await requireUser(request, reply)),
    }),
  );

  app.post(
    '/api/user/sign-out-others',
    { schema: { response: { 200: messageSchema.extend({ count: z.number().int() }) } } },
    async (request, reply) => {
      const { user, token } = await requireUserSession(request, reply);
      const count = await account.signOutOthers(user, token);
      return { message: 'Signed out of all other devices', count };
    },
  );

  app.get('/api/user/export', async (request, reply) => {
    const data = await account.exportData(await requireUser(request, reply));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="chairnotes-my-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/api/user',
    {
      config: rateLimit,
      schema: { body: deleteAccountSchema, response: { 200: messageSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      await account.delete(user, request.body.password);
      clearSessionCookie(reply, 'user', app.ctx.cookie);
      request.log.info({ userId: user.id }, 'account deleted');
      return { message: 'Your account has been deleted.' };
    },
  );
};
