import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginSchema, publicAdminSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { passkeyRegistrationSchema, passkeySchema, passkeySignInSchema } from '../../shared/schemas/passkeys';
import {
  codeSchema,
  TWO_FACTOR_MESSAGES as M,
  recoveryCodesSchema,
  totpSetupSchema,
  twoFactorRequiredSchema,
} from '../../shared/schemas/two-factor';
import {
  completePendingSignIn,
  completePendingSignInWithCode,
  passwordAccepted,
  requirePendingSignIn,
} from '../auth/pending-sign-in';
import { requireAdminSession } from '../auth/require';
import { endSession, verifyLogin } from '../auth/sign-in';
import { twoFactorService } from '../auth/two-factor-service';
import { clientOf } from '../lib/client';
import { unauthorized } from '../lib/http-error';
import { ADMIN_SESSION } from '../openapi';
import { passkeyService } from '../passkeys/passkey-service';
import { optionsSchema } from '../passkeys/routes';
import { authRateLimit } from '../security/rate-limits';
import { adminsRepo, toPublicAdmin } from './admins-repo';

/**
 * Admins sign in as users do, and must use a second factor (design.md section 6): one without signs in
 * with the password to a session that reaches only these routes, until they enrol one here.
 */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = adminsRepo(app.ctx.database.db);
  const twoFactor = twoFactorService(app.ctx);
  const passkeys = passkeyService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);
  const account = (id: number) => ({ kind: 'admin' as const, id });
  // Open before enrolment: who they are (with enrolmentRequired), and the enrolment itself.
  const enrolling = { enrolment: 'pending' } as const;

  app.post(
    '/api/admin/login',
    {
      config: rateLimit,
      schema: {
        body: adminLoginSchema,
        response: { 200: z.union([publicAdminSchema, twoFactorRequiredSchema]) },
      },
    },
    async (request, reply) => {
      const { username: login, password } = request.body;
      const admin = await verifyLogin(
        app.ctx,
        'admin',
        admins.findByLogin,
        { login, password },
        clientOf(request),
      );
      return passwordAccepted(request, reply, account(admin.id));
    },
  );

  app.post(
    '/api/admin/login/2fa',
    { config: rateLimit, schema: { body: codeSchema, response: { 200: publicAdminSchema } } },
    async (request, reply) => completePendingSignInWithCode(request, reply, 'admin', request.body.code),
  );

  // A passkey finishes the sign-in the admin's password began (only that admin's passkeys answer);
  // admins never sign in with a passkey alone.
  app.post(
    '/api/admin/login/passkey/options',
    {
      config: rateLimit,
      schema: { response: { 200: optionsSchema<PublicKeyCredentialRequestOptionsJSON>() } },
    },
    async (request, reply) => {
      const pending = await requirePendingSignIn(request, 'admin');
      return passkeys.authenticationOptions(request, reply, pending);
    },
  );

  app.post(
    '/api/admin/login/passkey',
    { config: rateLimit, schema: { body: passkeySignInSchema, response: { 200: publicAdminSchema } } },
    async (request, reply) => {
      const pending = await requirePendingSignIn(request, 'admin');
      const proved = await passkeys.verifyAuthentication(request, reply, request.body.response, 'admin');
      // The options named the admin pending then; another password since in this browser is another sign-in.
      if (proved.id !== pending.id) throw unauthorized(M.signInTimedOut);
      return completePendingSignIn(request, reply, 'admin', 'hwk');
    },
  );

  app.get(
    '/api/admin/user',
    { schema: { security: ADMIN_SESSION, response: { 200: publicAdminSchema } } },
    async (request, reply) => {
      const { admin, enrolled } = await requireAdminSession(request, reply, enrolling);
      return toPublicAdmin(admin, enrolled);
    },
  );

  app.post(
    '/api/admin/2fa/totp/setup',
    { schema: { security: ADMIN_SESSION, response: { 200: totpSetupSchema } } },
    async (request, reply) => {
      const { admin } = await requireAdminSession(request, reply, enrolling);
      return twoFactor.setup(account(admin.id), admin);
    },
  );

  app.post(
    '/api/admin/2fa/totp/enable',
    {
      config: rateLimit,
      schema: { security: ADMIN_SESSION, body: codeSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      const { admin, token } = await requireAdminSession(request, reply, enrolling);
      const recoveryCodes = await twoFactor.enable(
        account(admin.id),
        admin,
        request.body.code,
        clientOf(request),
      );
      // Enrolled: this session now opens the admin area.
      await app.ctx.sessions.admin.markEnrolled(token);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/admin/passkeys/registration-options',
    {
      schema: {
        security: ADMIN_SESSION,
        response: { 200: optionsSchema<PublicKeyCredentialCreationOptionsJSON>() },
      },
    },
    async (request, reply) => {
      const { admin } = await requireAdminSession(request, reply, enrolling);
      return passkeys.registrationOptions(request, reply, account(admin.id), admin);
    },
  );

  app.post(
    '/api/admin/passkeys/registration',
    {
      schema: { security: ADMIN_SESSION, body: passkeyRegistrationSchema, response: { 201: passkeySchema } },
    },
    async (request, reply) => {
      const { admin, token } = await requireAdminSession(request, reply, enrolling);
      const passkey = await passkeys.register(request, reply, account(admin.id), admin, request.body);
      // Enrolled, as by turning TOTP on: this session now opens the admin area.
      await app.ctx.sessions.admin.markEnrolled(token);
      return reply.status(201).send(passkey);
    },
  );

  app.post('/api/admin/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(request, reply, 'admin');
    return { message: 'Logged out' };
  });
};
