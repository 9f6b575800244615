import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginSchema, publicAdminSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import {
  passkeyAddedSchema,
  passkeyRegistrationSchema,
  passkeySignInSchema,
} from '../../shared/schemas/passkeys';
import {
  codeSchema,
  TWO_FACTOR_MESSAGES as M,
  reauthSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  twoFactorRequiredSchema,
} from '../../shared/schemas/two-factor';
import { adminsRepo, toPublicAdmin } from '../auth/admins-repo';
import {
  completePendingSignIn,
  completePendingSignInWithCode,
  passwordAccepted,
  requirePendingSignIn,
} from '../auth/pending-sign-in';
import { requireRecentAuth } from '../auth/recent-auth';
import { endSession, verifyLogin } from '../auth/sign-in';
import { twoFactorService } from '../auth/two-factor-service';
import { clientOf } from '../lib/client';
import { unauthorized } from '../lib/http-error';
import {
  errors,
  PASSKEY_REGISTRATION,
  PASSKEY_SIGN_IN,
  REAUTH,
  REAUTH_PROOF,
  SETUP_CODE,
  SIGN_IN_STEP,
  TOTP_ALREADY_ON,
} from '../openapi';
import { passkeyService } from '../passkeys/passkey-service';
import { optionsSchema } from '../passkeys/routes';
import { authRateLimit } from '../security/rate-limits';

/**
 * Admins sign in as users do, and must use a second factor (docs/architecture.md#safety): one without signs in
 * with the password to a session that reaches only these routes, until they enrol one here.
 */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = adminsRepo(app.ctx.database.db);
  const twoFactor = twoFactorService(app.ctx);
  const passkeys = passkeyService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);
  const account = (id: number) => ({ kind: 'admin' as const, id });
  /**
   * Enrolling is a sensitive action: a proof within 10 minutes, the password
   * sign-in just before or POST /api/admin/reauth. A session left open from before cannot enrol a factor
   * of its own (docs/decisions/068-second-factors-need-fresh-proof.md).
   */
  const enrollingAfterProof = (request: FastifyRequest) => {
    const session = request.adminSession;
    requireRecentAuth(session);
    return session;
  };

  app.post(
    '/api/admin/login',
    {
      config: rateLimit,
      schema: {
        body: adminLoginSchema,
        response: {
          200: z.union([publicAdminSchema, twoFactorRequiredSchema]),
          ...errors({ 401: 'Wrong username or password' }),
        },
      },
    },
    async (request, reply) => {
      const { username: login, password } = request.body;
      const { account: admin, passwordRight } = await verifyLogin(
        app.ctx,
        'admin',
        admins.findByLogin,
        { login, password },
        clientOf(request),
      );
      return passwordAccepted(request, reply, account(admin.id), passwordRight);
    },
  );

  app.post(
    '/api/admin/login/2fa',
    {
      config: rateLimit,
      schema: { body: codeSchema, response: { 200: publicAdminSchema, ...errors(SIGN_IN_STEP) } },
    },
    async (request, reply) => completePendingSignInWithCode(request, reply, 'admin', request.body.code),
  );

  // A passkey finishes the sign-in the admin's password began (only that admin's passkeys answer);
  // admins never sign in with a passkey alone.
  app.post(
    '/api/admin/login/passkey/options',
    {
      config: rateLimit,
      schema: {
        response: { 200: optionsSchema<PublicKeyCredentialRequestOptionsJSON>(), ...errors(SIGN_IN_STEP) },
      },
    },
    async (request, reply) => {
      const pending = await requirePendingSignIn(request, 'admin');
      return passkeys.authenticationOptions(request, reply, pending);
    },
  );

  app.post(
    '/api/admin/login/passkey',
    {
      config: rateLimit,
      schema: {
        body: passkeySignInSchema,
        response: { 200: publicAdminSchema, ...errors(PASSKEY_SIGN_IN, SIGN_IN_STEP) },
      },
    },
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
    { config: { access: 'enrolling' }, schema: { response: { 200: publicAdminSchema } } },
    async (request) => {
      const { admin, enrolled } = request.adminSession;
      return toPublicAdmin(admin, enrolled);
    },
  );

  app.post(
    '/api/admin/2fa/totp/setup',
    {
      config: { access: 'enrolling' },
      schema: {
        response: { 200: totpSetupSchema, ...errors(REAUTH, TOTP_ALREADY_ON) },
      },
    },
    async (request) => {
      const { admin } = enrollingAfterProof(request);
      return twoFactor.setup(account(admin.id), admin);
    },
  );

  app.post(
    '/api/admin/2fa/totp/enable',
    {
      config: { ...rateLimit, access: 'enrolling' },
      schema: {
        body: codeSchema,
        response: { 200: recoveryCodesSchema, ...errors(REAUTH, SETUP_CODE, TOTP_ALREADY_ON) },
      },
    },
    async (request) => {
      const { admin, token } = enrollingAfterProof(request);
      const recoveryCodes = await twoFactor.enable(
        account(admin.id),
        admin,
        request.body.code,
        clientOf(request),
        token,
      );
      // Enrolled: this session now opens the admin area.
      await app.ctx.sessions.admin.markEnrolled(token);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/admin/passkeys/registration-options',
    {
      config: { access: 'enrolling' },
      schema: {
        response: { 200: optionsSchema<PublicKeyCredentialCreationOptionsJSON>(), ...errors(REAUTH) },
      },
    },
    async (request, reply) => {
      const { admin } = enrollingAfterProof(request);
      return passkeys.registrationOptions(request, reply, account(admin.id), admin);
    },
  );

  app.post(
    '/api/admin/passkeys/registration',
    {
      config: { access: 'enrolling' },
      schema: {
        body: passkeyRegistrationSchema,
        response: { 201: passkeyAddedSchema, ...errors(REAUTH, PASSKEY_REGISTRATION) },
      },
    },
    async (request, reply) => {
      const { admin, token } = enrollingAfterProof(request);
      const owner = { account: account(admin.id), keepToken: token };
      const passkey = await passkeys.register(request, reply, owner, admin, request.body);
      // Enrolled, as by turning TOTP on: this session now opens the admin area.
      await app.ctx.sessions.admin.markEnrolled(token);
      return reply.status(201).send(passkey);
    },
  );

  // The admin's proof of who it is, again (the password, or a code once the app is on), as users'.
  app.post(
    '/api/admin/reauth',
    {
      config: { ...rateLimit, access: 'enrolling' },
      schema: {
        body: reauthSchema,
        response: { 200: messageSchema, ...errors(REAUTH_PROOF) },
      },
    },
    async (request) => {
      const { admin, token } = request.adminSession;
      if (!(await twoFactor.proveItIsThem(account(admin.id), admin, request.body, clientOf(request))))
        throw unauthorized(M.reauthWrong);
      await app.ctx.sessions.admin.markReauthenticated(token);
      return { message: M.reauthDone };
    },
  );

  app.post('/api/admin/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(request, reply, 'admin');
    return { message: 'Logged out' };
  });
};
