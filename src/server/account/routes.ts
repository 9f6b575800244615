import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAccountSchema,
  emailTokenSchema,
  profileSchema,
  profileUpdateResponseSchema,
} from '../../shared/schemas/account';
import { publicUserSchema, registerRequestSchema } from '../../shared/schemas/auth';
import { isoDate, messageSchema } from '../../shared/schemas/fields';
import { securityOverviewSchema, sessionIdParamsSchema } from '../../shared/schemas/security';
import { refusingCommonPassword } from '../auth/common-passwords';
import { requireRecentAuth } from '../auth/recent-auth';
import { clearSessionCookie } from '../auth/session-cookies';
import { startSession } from '../auth/sign-in';
import { toPublicUser } from '../auth/users-repo';
import { clientOf } from '../lib/client';
import { errors, REAUTH, STRIPE_FAILURES } from '../openapi';
import { authRateLimit } from '../security/rate-limits';
import { accountService } from './account-service';
import { emailAddressService } from './email-address-service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = accountService(app.ctx);
  const emailAddress = emailAddressService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);

  // A new account: the person is signed in at once, and their address is asked to be verified.
  app.post(
    '/api/register',
    {
      config: rateLimit,
      schema: {
        body: refusingCommonPassword(registerRequestSchema, 'password'),
        response: { 201: publicUserSchema, ...errors({ 409: 'The username or the email is taken' }) },
      },
    },
    async (request, reply) => {
      const user = await account.register(request.body, request.ip);
      await startSession(request, reply, 'user', user.id);
      return reply.status(201).send(toPublicUser(user, { twoFactor: false, practice: null }));
    },
  );

  // Open to visitors too: the link may be opened on another device than the one signed in.
  app.post(
    '/api/user/verify-email',
    {
      config: { ...rateLimit, access: 'anyone' },
      schema: {
        body: emailTokenSchema,
        response: { 200: messageSchema, ...errors({ 400: 'The link is not valid, used, or expired' }) },
      },
    },
    async (request) => {
      const session = request.visitorSession;
      const keep = session ? { userId: session.user.id, token: session.token } : undefined;
      return {
        message: await emailAddress.confirm(request.body.token, clientOf(request), keep, request.log),
      };
    },
  );

  app.post(
    '/api/user/verify-email/resend',
    { config: { ...rateLimit, access: 'user' }, schema: { response: { 200: messageSchema } } },
    async (request) => ({
      message: await emailAddress.resendVerification(request.userSession.user),
    }),
  );

  // Rate limited: it checks a password and sends mail when the email changes.
  app.patch(
    '/api/user',
    {
      config: { ...rateLimit, access: 'user' },
      schema: {
        body: profileSchema,
        response: {
          200: profileUpdateResponseSchema,
          ...errors({ 400: 'A new email needs the current password, and it is wrong or missing' }, REAUTH, {
            409: 'The username or the email is taken',
          }),
        },
      },
    },
    async (request) => {
      const session = request.userSession;
      const { user, message } = await account.updateProfile(session, request.body);
      return { ...toPublicUser(user, session), message };
    },
  );

  app.post(
    '/api/user/sign-out-others',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: messageSchema.extend({ count: z.number().int() }) },
      },
    },
    async (request) => {
      const { user, token } = request.userSession;
      const count = await account.signOutOthers(user, token, clientOf(request));
      return { message: 'Signed out of all other devices', count };
    },
  );

  app.get(
    '/api/user/security',
    { config: { access: 'user' }, schema: { response: { 200: securityOverviewSchema } } },
    async (request) => {
      const { user, token } = request.userSession;
      return account.securityOverview(user, token);
    },
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      config: { access: 'user' },
      schema: {
        params: sessionIdParamsSchema,
        response: { 200: messageSchema, ...errors({ 404: 'No session of yours has that id' }) },
      },
    },
    async (request) => {
      const user = request.userSession.user;
      await account.endSession(user, request.params.id, clientOf(request));
      return { message: 'That device is signed out.' };
    },
  );

  // Sensitive (docs/architecture.md#safety): everything about the person, so a recent proof that it is them.
  app.get(
    '/api/user/export',
    {
      // Sent as the JSON text of a download, which Fastify does not serialize again: described only.
      config: {
        access: 'user',
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
      const session = request.userSession;
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
      config: { ...rateLimit, access: 'user' },
      schema: {
        body: deleteAccountSchema,
        response: {
          200: messageSchema,
          ...errors(
            { 400: 'The password is wrong or missing' },
            REAUTH,
            { 409: 'The practice has members: hand it over first' },
            ...STRIPE_FAILURES,
          ),
        },
      },
    },
    async (request, reply) => {
      const session = request.userSession;
      const { user } = session;
      await account.delete(session, request.body.password, clientOf(request));
      clearSessionCookie(reply, 'user', app.ctx.cookie);
      request.log.info({ userId: user.id }, 'account deleted');
      return { message: 'Your account has been deleted.' };
    },
  );
};
