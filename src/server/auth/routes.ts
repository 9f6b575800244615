import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  profileSchema,
  profileUpdateResponseSchema,
} from '../../shared/schemas/account';
import { loginRequestSchema, publicUserSchema, registerRequestSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { accountService } from '../account/account-service';
import { authRateLimit } from '../security/rate-limits';
import { authService } from './auth-service';
import { refusingCommonPassword } from './common-passwords';
import { requireUser, requireUserSession } from './require';
import { endSession, startSession } from './sign-in';
import { toPublicUser } from './users-repo';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService(app.ctx);
  const account = accountService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);

  app.post(
    '/api/register',
    {
      config: rateLimit,
      schema: {
        body: refusingCommonPassword(registerRequestSchema, 'password'),
        response: { 201: publicUserSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, request.ip);
      await startSession(request, reply, 'user', user.id);
      return reply.status(201).send(toPublicUser(user));
    },
  );

  app.post(
    '/api/login',
    { config: rateLimit, schema: { body: loginRequestSchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      const user = await auth.login(request.body.username, request.body.password, request.ip);
      await startSession(request, reply, 'user', user.id);
      return toPublicUser(user);
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(request, reply, 'user');
    return { message: 'Logged out' };
  });

  app.get('/api/user', { schema: { response: { 200: publicUserSchema } } }, async (request, reply) =>
    toPublicUser(await requireUser(request, reply)),
  );

  // Rate limited: it checks a password and sends mail when the email changes.
  app.patch(
    '/api/user',
    { config: rateLimit, schema: { body: profileSchema, response: { 200: profileUpdateResponseSchema } } },
    async (request, reply) => {
      const { user, message } = await account.updateProfile(await requireUser(request, reply), request.body);
      return { ...toPublicUser(user), message };
    },
  );

  app.post(
    '/api/user/change-password',
    {
      config: rateLimit,
      schema: {
        body: refusingCommonPassword(changePasswordSchema, 'newPassword'),
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await requireUserSession(request, reply);
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(user, currentPassword, newPassword, token);
      return { message: 'Password changed' };
    },
  );
};
