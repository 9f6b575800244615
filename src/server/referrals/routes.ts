import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/schemas/fields';
import {
  invitationSchema,
  REFERRAL_CODE_REMOVED,
  REFERRAL_CODE_VALID,
  referralCodeSchema,
  referralListItemSchema,
  referralStatsSchema,
  referralValidationSchema,
  validateReferralCodeSchema,
} from '../../shared/schemas/referrals';
import { errors, STRIPE_FAILURES } from '../openapi';
import { formRateLimit, referralCodeRateLimit } from '../security/rate-limits';
import { referralService } from './referral-service';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const referrals = referralService(ctx);

  app.get(
    '/api/referrals/code',
    { config: { access: 'user' }, schema: { response: { 200: referralCodeSchema } } },
    async (request) => ({ referralCode: request.userSession.user.referralCode }),
  );

  app.get(
    '/api/referrals/stats',
    { config: { access: 'user' }, schema: { response: { 200: referralStatsSchema } } },
    async (request) => referrals.stats(request.userSession.user),
  );

  app.get(
    '/api/referrals',
    { config: { access: 'user' }, schema: { response: { 200: z.array(referralListItemSchema) } } },
    async (request) => referrals.list(request.userSession.user),
  );

  app.post(
    '/api/referrals',
    {
      config: { ...formRateLimit(ctx.config), access: 'user' },
      schema: {
        body: invitationSchema,
        response: {
          201: messageSchema,
          ...errors({ 400: 'You cannot invite yourself' }, { 409: 'You invited this address recently' }),
        },
      },
    },
    async (request, reply) => {
      const user = request.userSession.user;
      await referrals.invite(user, request.body.friendEmail);
      return reply.status(201).send({ message: 'Invitation sent!' });
    },
  );

  app.post(
    '/api/validate-referral-code',
    {
      config: { ...referralCodeRateLimit(ctx.config), access: 'user' },
      schema: {
        body: validateReferralCodeSchema,
        response: { 200: referralValidationSchema },
      },
    },
    async (request) => {
      const problem = await referrals.problemWith(request.userSession.user, request.body.code);
      return problem ? { valid: false, message: problem } : { valid: true, message: REFERRAL_CODE_VALID };
    },
  );

  app.post(
    '/api/subscription/referral',
    {
      config: { ...referralCodeRateLimit(ctx.config), access: 'user' },
      schema: {
        body: validateReferralCodeSchema,
        response: {
          201: messageSchema,
          ...errors(
            { 400: 'The code cannot be used (the message says why), or no subscription is started yet' },
            { 409: 'A referral code has been used on this account already' },
            ...STRIPE_FAILURES,
          ),
        },
      },
    },
    async (request, reply) => {
      await referrals.apply(request.userSession.user, request.body.code);
      return reply.status(201).send({ message: REFERRAL_CODE_VALID });
    },
  );

  // Remove (docs/decisions/064-referral-code-applied-with-the-subscription.md): the code comes off the
  // subscription being set up.
  app.delete(
    '/api/subscription/referral',
    {
      config: { ...referralCodeRateLimit(ctx.config), access: 'user' },
      schema: {
        response: {
          200: messageSchema,
          ...errors(
            { 404: 'No referral code is applied to a subscription being set up' },
            ...STRIPE_FAILURES,
          ),
        },
      },
    },
    async (request) => {
      await referrals.remove(request.userSession.user);
      return { message: REFERRAL_CODE_REMOVED };
    },
  );
};
