import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema, emailTokenSchema } from '../../shared/schemas/account';
import { isoDate, messageSchema } from '../../shared/schemas/fields';
import { securityOverviewSchema, sessionIdParamsSchema } from '../../shared/schemas/security';
import { requireRecentAuth } from '../auth/recent-auth';
import { optionalUserSession, requireUser, requireUserSession } from '../auth/require';
import { clearSessionCookie } from '../auth/session-cookies';
import { clientOf } from '../lib/client';
import { errors, REAUTH, STRIPE_FAILURES, USER_SESSION } from '../openapi';
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
    {
      config: rateLimit,
      schema: {
        body: emailTokenSchema,
        response: { 200: messageSchema, ...errors({ 400: 'The link is not valid, used, or expired' }) },
      },
    },
    async (request, reply) => {
      const session = await optionalUserSession(request, reply);
      const keep = session ? { userId: session.user.id, token: session.token } : undefined;
      return {
        message: await emailAddress.confirm(request.body.token, clientOf(request), keep, request.log),
      };
    },
  );

  app.post(
    '/api/user/verify-email/resend',
    { config: rateLimit, schema: { security: USER_SESSION, response: { 200: messageSchema } } },
    async (request, reply) => ({
      message: await emailAddress.resendVerification(await requireUser(request, reply)),
    }),
  );

  app.post(
    '/api/user/sign-out-others',
    {
      schema: {
        security: USER_SESSION,
        response: { 200: messageSchema.extend({ count: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { user, token } = await requireUserSession(request, reply);
      const count = await account.signOutOthers(user, token, clientOf(request));
      return { message: 'Signed out of all other devices', count };
    },
  );

  app.get(
    '/api/user/security',
    { schema: { security: USER_SESSION, response: { 200: securityOverviewSchema } } },
    async (request, reply) => {
      const { user, token } = await requireUserSession(request, reply);
      return account.securityOverview(user, token);
    },
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      schema: {
        security: USER_SESSION,
        params: sessionIdParamsSchema,
        response: { 200: messageSchema, ...errors({ 404: 'No session of yours has that id' }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      await account.endSession(user, request.params.id, clientOf(request));
      return { message: 'That device is signed out.' };
    },
  );

  // Sensitive (docs/architecture.md#safety): everything about the person, so a recent proof that it is them.
  app.get(
    '/api/user/export',
    {
      schema: { security: USER_SESSION },
      // Sent as the JSON text of a download, which Fastify does not serialize again: described only.
      config: {
        openapi: {
          response: {
            200: z
              .looseObject({ exportedAt: isoDate })
              .describe('Everything held about the person, as a JSON file to download'),
            ...errors(REAUTH),
          },
        },
      },
    },
    async (request, reply) => {
      const session = await requireUserSession(request, reply);
      requireRecentAuth(session);
      const data = await account.exportData(session.user);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="chairnotes-my-data-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/user',
    {
      config: rateLimit,
      schema: {
        security: USER_SESSION,
        body: deleteAccountSchema,
        response: {
          200: messageSchema,
          ...errors(
            { 400: 'The password is wrong' },
            { 409: 'The practice has members: hand it over first' },
            ...STRIPE_FAILURES,
          ),
        },
      },
    },
    async (request, reply) => {
      const session = await requireUserSession(request, reply);
      const { user } = session;
      await account.delete(session, request.body.password);
      clearSessionCookie(reply, 'user', app.ctx.cookie);
      request.log.info({ userId: user.id }, 'account deleted');
      return { message: 'Your account has been deleted.' };
    },
  );
};
