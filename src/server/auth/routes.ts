import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema } from '../../shared/schemas/account';
import { loginRequestSchema, publicUserSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { twoFactorRequiredSchema } from '../../shared/schemas/two-factor';
import { clientOf } from '../lib/client';
import { errors } from '../openapi';
import { authRateLimit } from '../security/rate-limits';
import { authService } from './auth-service';
import { refusingCommonPassword } from './common-passwords';
import { knownDevice } from './device-cookies';
import { passwordAccepted } from './pending-sign-in';
import { endSession } from './sign-in';
import { checkSignIn } from './sign-in-checks';
import { toPublicUser } from './users-repo';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);

  app.post(
    '/api/login',
    {
      config: rateLimit,
      schema: {
        body: loginRequestSchema,
        response: {
          200: z.union([publicUserSchema, twoFactorRequiredSchema]),
          ...errors(
            { 401: 'Wrong username or password' },
            { 403: "The person's practice signs its team in with Microsoft (`microsoftRequired`)" },
          ),
        },
      },
    },
    async (request, reply) => {
      const { username: login, password } = request.body;
      const { account: user, passwordRight } = await auth.login(
        { login, password },
        clientOf(request),
        knownDevice(request),
      );
      // Another area's rule may refuse the password (a practice that signs its team in with Microsoft),
      // saying how: only once the password is known right, as a wrong one tells nothing of the account.
      if (passwordRight) await checkSignIn(app.ctx, user.id, request);
      // A second factor on: no session yet, the answer names the ways to finish (POST /api/login/2fa).
      return passwordAccepted(request, reply, { kind: 'user', id: user.id }, passwordRight);
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(request, reply, 'user');
    return { message: 'Logged out' };
  });

  app.get(
    '/api/user',
    { config: { access: 'user' }, schema: { response: { 200: publicUserSchema } } },
    async (request) => {
      const session = request.userSession;
      return toPublicUser(session.user, session);
    },
  );

  app.post(
    '/api/user/change-password',
    {
      config: { ...rateLimit, access: 'user' },
      schema: {
        body: refusingCommonPassword(changePasswordSchema, 'newPassword'),
        response: { 200: messageSchema, ...errors({ 400: 'The current password is wrong' }) },
      },
    },
    async (request) => {
      const { user, token } = request.userSession;
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(user, { currentPassword, newPassword }, token, clientOf(request));
      return { message: 'Password changed' };
    },
  );
};
