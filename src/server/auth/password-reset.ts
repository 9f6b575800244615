import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { passwordResetDoneSchema } from '../../shared/schemas/two-factor';
import { clientOf } from '../lib/client';
import { badRequest } from '../lib/http-error';
import { errors } from '../openapi';
import { authRateLimit } from '../security/rate-limits';
import { refusingCommonPassword } from './common-passwords';
import { passwordResetService } from './password-reset-service';

export const RESET_REQUESTED_MESSAGE =
  'If an account uses that email, we have sent it a link to reset the password. The link works once, within one hour.';
export const RESET_INVALID_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const passwordReset = passwordResetService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);

  app.post(
    '/api/password-reset/request',
    { config: rateLimit, schema: { body: passwordResetRequestSchema, response: { 200: messageSchema } } },
    async (request) => {
      await passwordReset.request(request.body.email);
      // The same answer whether or not the address has an account.
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      config: rateLimit,
      schema: {
        body: refusingCommonPassword(passwordResetConfirmSchema, 'password'),
        response: {
          200: passwordResetDoneSchema,
          ...errors({ 400: 'The link is not valid, used, or expired' }),
        },
      },
    },
    async (request) => {
      const secondFactors = await passwordReset.reset(
        request.body.token,
        request.body.password,
        clientOf(request),
      );
      if (!secondFactors) throw badRequest(RESET_INVALID_MESSAGE);
      return {
        message: 'Your password has been reset. You can now sign in with your new password.',
        secondFactors,
      };
    },
  );
};
