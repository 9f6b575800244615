import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUserSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { MICROSOFT_MESSAGES as MM } from '../../shared/schemas/microsoft';
import {
  codeSchema,
  TWO_FACTOR_MESSAGES as M,
  reauthSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '../../shared/schemas/two-factor';
import { clientOf } from '../lib/client';
import { forbidden, unauthorized } from '../lib/http-error';
import { errors, REAUTH, REAUTH_PROOF, SETUP_CODE, SIGN_IN_STEP, TOTP_ALREADY_ON } from '../openapi';
import { authRateLimit } from '../security/rate-limits';
import { completePendingSignInWithCode } from './pending-sign-in';
import { requireRecentAuth } from './recent-auth';
import { twoFactorService } from './two-factor-service';

/** A user's second factors, the second step of their sign-in, and re-authentication (docs/architecture.md#identity). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = twoFactorService(app.ctx);
  // Every route that checks a code is limited per address too, as the password routes are.
  const rateLimit = authRateLimit(app.ctx.config);
  const account = (id: number) => ({ kind: 'user' as const, id });

  app.post(
    '/api/login/2fa',
    {
      config: rateLimit,
      schema: { body: codeSchema, response: { 200: publicUserSchema, ...errors(SIGN_IN_STEP) } },
    },
    async (request, reply) => completePendingSignInWithCode(request, reply, 'user', request.body.code),
  );

  app.get(
    '/api/user/2fa',
    { config: { access: 'user' }, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      const { user } = request.userSession;
      return twoFactor.status(account(user.id));
    },
  );

  // Turning the app on is a sensitive action: the code it asks for proves the new app, not the person, so
  // both steps need a proof within 10 minutes (docs/decisions/068-second-factors-need-fresh-proof.md).
  app.post(
    '/api/user/2fa/totp/setup',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: totpSetupSchema, ...errors(REAUTH, TOTP_ALREADY_ON) },
      },
    },
    async (request) => {
      const session = request.userSession;
      requireRecentAuth(session);
      return twoFactor.setup(account(session.user.id), session.user);
    },
  );

  app.post(
    '/api/user/2fa/totp/enable',
    {
      config: { ...rateLimit, access: 'user' },
      schema: {
        body: codeSchema,
        response: { 200: recoveryCodesSchema, ...errors(REAUTH, SETUP_CODE, TOTP_ALREADY_ON) },
      },
    },
    async (request) => {
      const session = request.userSession;
      requireRecentAuth(session);
      const { user, token } = session;
      const recoveryCodes = await twoFactor.enable(
        account(user.id),
        user,
        request.body.code,
        clientOf(request),
        token,
      );
      return { recoveryCodes };
    },
  );

  // Sensitive (docs/architecture.md#safety): the code asked for here is the proof.
  app.post(
    '/api/user/2fa/totp/disable',
    {
      config: { ...rateLimit, access: 'user' },
      schema: {
        body: codeSchema,
        response: { 200: messageSchema, ...errors({ 400: 'The app is not on, or the code is wrong' }) },
      },
    },
    async (request) => {
      const { user } = request.userSession;
      const passkeysRemain = await twoFactor.disable(
        account(user.id),
        user,
        request.body.code,
        clientOf(request),
      );
      return { message: passkeysRemain ? M.appOffPasskeysRemain : M.off };
    },
  );

  app.post(
    '/api/user/2fa/recovery-codes',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: recoveryCodesSchema, ...errors(REAUTH, { 400: M.notOn }) },
      },
    },
    async (request) => {
      const session = request.userSession;
      requireRecentAuth(session);
      const { user } = session;
      return {
        recoveryCodes: await twoFactor.regenerateRecoveryCodes(account(user.id), user, clientOf(request)),
      };
    },
  );

  app.post(
    '/api/user/reauth',
    {
      config: { ...rateLimit, access: 'user' },
      schema: {
        body: reauthSchema,
        response: {
          200: messageSchema,
          ...errors(REAUTH_PROOF, {
            403: 'The practice signs its team in with Microsoft: only Microsoft confirms it',
          }),
        },
      },
    },
    async (request) => {
      const { user, token, practice } = request.userSession;
      // Under a practice's rule that its team signs in with Microsoft, what proves it is them is Microsoft
      // too (POST /api/user/reauth/microsoft), never a password or a code of ours: else the note app's
      // fresh sign-in would be met without it (docs/decisions/104-requiring-microsoft-ends-other-sessions.md).
      if (practice?.requireMicrosoft) throw forbidden(MM.confirmWithMicrosoft(practice.name));
      if (!(await twoFactor.proveItIsThem(account(user.id), user, request.body, clientOf(request))))
        throw unauthorized(M.reauthWrong);
      await app.ctx.sessions.user.markReauthenticated(token);
      return { message: M.reauthDone };
    },
  );
};
