import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import {
  passkeyAddedSchema,
  passkeyIdParamsSchema,
  passkeyNameFormSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeySignInSchema,
} from '../../shared/schemas/passkeys';
import { openSession } from '../auth/open-session';
import { completePendingSignIn, pendingSignIn } from '../auth/pending-sign-in';
import { requireRecentAuth } from '../auth/recent-auth';
import { checkSignIn } from '../auth/sign-in-checks';
import { errors, PASSKEY_REGISTRATION, PASSKEY_SIGN_IN, REAUTH } from '../openapi';
import { authRateLimit } from '../security/rate-limits';
import { passkeyService } from './passkey-service';

const UNKNOWN_PASSKEY = { 404: 'No passkey of yours has that id' } as const;

// The WebAuthn options are SimpleWebAuthn's own JSON, handed to the browser as they are.
export const optionsSchema = <T>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const passkeys = passkeyService(app.ctx);
  const rateLimit = authRateLimit(app.ctx.config);
  const account = (id: number) => ({ kind: 'user' as const, id });

  app.get(
    '/api/user/passkeys',
    { config: { access: 'user' }, schema: { response: { 200: z.array(passkeySchema) } } },
    async (request) => passkeys.list(account(request.userSession.user.id)),
  );

  // Adding or removing a passkey changes how the account signs in: a sensitive action, with a proof of who
  // it is in the last 10 minutes (docs/decisions/068-second-factors-need-fresh-proof.md).
  app.post(
    '/api/user/passkeys/registration-options',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: optionsSchema<PublicKeyCredentialCreationOptionsJSON>(), ...errors(REAUTH) },
      },
    },
    async (request, reply) => {
      const session = request.userSession;
      requireRecentAuth(session);
      return passkeys.registrationOptions(request, reply, account(session.user.id), session.user);
    },
  );

  app.post(
    '/api/user/passkeys/registration',
    {
      config: { access: 'user' },
      schema: {
        body: passkeyRegistrationSchema,
        response: { 201: passkeyAddedSchema, ...errors(REAUTH, PASSKEY_REGISTRATION) },
      },
    },
    async (request, reply) => {
      const { user, token, ...session } = request.userSession;
      requireRecentAuth(session);
      const owner = { account: account(user.id), keepToken: token };
      const passkey = await passkeys.register(request, reply, owner, user, request.body);
      return reply.status(201).send(passkey);
    },
  );

  // Renaming changes no way of signing in: no proof asked.
  app.patch(
    '/api/user/passkeys/:id',
    {
      config: { access: 'user' },
      schema: {
        params: passkeyIdParamsSchema,
        body: passkeyNameFormSchema,
        response: { 200: passkeySchema, ...errors(UNKNOWN_PASSKEY) },
      },
    },
    async (request) => {
      const user = request.userSession.user;
      return passkeys.rename(account(user.id), request.params.id, request.body.name);
    },
  );

  // Sensitive even while another factor remains: a passkey of the owner's removed by someone else.
  app.delete(
    '/api/user/passkeys/:id',
    {
      config: { access: 'user' },
      schema: {
        params: passkeyIdParamsSchema,
        response: { 200: messageSchema, ...errors(REAUTH, UNKNOWN_PASSKEY) },
      },
    },
    async (request) => {
      const session = request.userSession;
      const { user } = session;
      requireRecentAuth(session);
      await passkeys.remove(request, account(user.id), user, request.params.id);
      return { message: 'The passkey was removed.' };
    },
  );

  // Passwordless sign-in: the browser offers the person the passkeys they have for this site.
  app.post(
    '/api/login/passkey/options',
    {
      config: rateLimit,
      schema: { response: { 200: optionsSchema<PublicKeyCredentialRequestOptionsJSON>() } },
    },
    async (request, reply) => {
      // After a password, as the second factor: only that account's passkeys may answer.
      const pending = await pendingSignIn(request, 'user');
      return passkeys.authenticationOptions(request, reply, pending ?? undefined);
    },
  );

  app.post(
    '/api/login/passkey',
    {
      config: rateLimit,
      schema: {
        body: passkeySignInSchema,
        response: {
          200: publicUserSchema,
          ...errors(PASSKEY_SIGN_IN, { 403: "The person's practice signs its team in with Microsoft" }),
        },
      },
    },
    async (request, reply) => {
      const user = await passkeys.verifyAuthentication(request, reply, request.body.response, 'user');
      // A passkey is both factors: it finishes a sign-in the password (or Microsoft) began, or signs in
      // on its own, which a practice that signs its team in with Microsoft refuses.
      const pending = await pendingSignIn(request, 'user');
      if (pending?.id === user.id) return completePendingSignIn(request, reply, 'user', 'hwk');
      await checkSignIn(app.ctx, user.id, request);
      return openSession(request, reply, account(user.id), ['hwk']);
    },
  );
};
