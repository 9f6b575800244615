import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../shared/schemas/fields';
import {
  invitationIdParamsSchema,
  invitationPreviewSchema,
  invitationRequestSchema,
  invitationTokenSchema,
  joinResponseSchema,
  memberParamsSchema,
  memberRoleSchema,
  practiceNameSchema,
  practiceOverviewSchema,
  transferSchema,
} from '../../shared/schemas/practice';
import { requireUserSession } from '../auth/require';
import { errors, REAUTH, USER_SESSION } from '../openapi';
import { authRateLimit, practiceInvitationRateLimit } from '../security/rate-limits';
import { practiceService } from './practice-service';

const overviewAnswer = { 200: practiceOverviewSchema };
/** The refusals of acting in one's practice (practice-service.ts). */
const NOT_IN_PRACTICE = { 404: 'You are in no practice, or it has no such member or invitation' } as const;
const NOT_YOUR_ROLE = { 403: 'Your role in the practice does not allow it' } as const;
const INVITATION_LINK = {
  404: 'The invitation link is not valid',
  410: 'The invitation was used, withdrawn, or has expired',
} as const;
const managing = (...more: Parameters<typeof errors>) => errors(NOT_IN_PRACTICE, NOT_YOUR_ROLE, ...more);

/** /api/practice: a practice, its members and invitations (docs/architecture.md#practices). */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const practices = practiceService(ctx);
  const invitationLimit = practiceInvitationRateLimit(ctx.config);

  app.get(
    '/api/practice',
    { schema: { security: USER_SESSION, response: { ...overviewAnswer, ...errors(NOT_IN_PRACTICE) } } },
    async (request, reply) => practices.overview(await requireUserSession(request, reply)),
  );

  app.patch(
    '/api/practice',
    {
      schema: {
        security: USER_SESSION,
        body: practiceNameSchema,
        response: { ...overviewAnswer, ...managing() },
      },
    },
    async (request, reply) => practices.rename(await requireUserSession(request, reply), request.body.name),
  );

  app.post(
    '/api/practice/invitations',
    {
      config: invitationLimit,
      schema: {
        security: USER_SESSION,
        body: invitationRequestSchema,
        response: {
          201: practiceOverviewSchema,
          ...managing({
            409: 'Already a member or invited, no free seat, or the practice’s subscription has ended',
          }),
        },
      },
    },
    async (request, reply) => {
      const overview = await practices.invite(await requireUserSession(request, reply), request.body);
      return reply.status(201).send(overview);
    },
  );

  app.delete(
    '/api/practice/invitations/:id',
    {
      schema: {
        security: USER_SESSION,
        params: invitationIdParamsSchema,
        response: { ...overviewAnswer, ...managing() },
      },
    },
    async (request, reply) => practices.withdraw(await requireUserSession(request, reply), request.params.id),
  );

  app.post(
    '/api/practice/invitations/:id/resend',
    {
      config: invitationLimit,
      schema: {
        security: USER_SESSION,
        params: invitationIdParamsSchema,
        response: { ...overviewAnswer, ...managing() },
      },
    },
    async (request, reply) => practices.resend(await requireUserSession(request, reply), request.params.id),
  );

  // Open to visitors: the join page shows whose invitation it is, and to which address, before the
  // person signs in or registers. The token is 160 random bits; the limit keeps even trying slow.
  app.post(
    '/api/practice/invitations/preview',
    {
      config: authRateLimit(ctx.config),
      schema: {
        body: invitationTokenSchema,
        response: { 200: invitationPreviewSchema, ...errors(INVITATION_LINK) },
      },
    },
    async (request) => practices.preview(request.body.token),
  );

  app.post(
    '/api/practice/join',
    {
      config: authRateLimit(ctx.config),
      schema: {
        security: USER_SESSION,
        body: invitationTokenSchema,
        response: {
          200: joinResponseSchema,
          ...errors(
            INVITATION_LINK,
            { 403: 'The invitation is for another address' },
            { 409: 'You are in this practice or another already' },
          ),
        },
      },
    },
    async (request, reply) =>
      practices.join(await requireUserSession(request, reply), request.body.token, request.log),
  );

  app.patch(
    '/api/practice/members/:userId',
    {
      schema: {
        security: USER_SESSION,
        params: memberParamsSchema,
        body: memberRoleSchema,
        response: { ...overviewAnswer, ...managing({ 409: 'The owner’s role moves only by a handover' }) },
      },
    },
    async (request, reply) =>
      practices.changeRole(
        await requireUserSession(request, reply),
        request.params.userId,
        request.body.role,
      ),
  );

  app.delete(
    '/api/practice/members/:userId',
    {
      schema: {
        security: USER_SESSION,
        params: memberParamsSchema,
        response: { ...overviewAnswer, ...managing({ 409: 'To remove yourself, leave the practice' }) },
      },
    },
    async (request, reply) =>
      practices.remove(await requireUserSession(request, reply), request.params.userId),
  );

  app.post(
    '/api/practice/leave',
    {
      schema: {
        security: USER_SESSION,
        response: {
          200: messageSchema,
          ...errors(NOT_IN_PRACTICE, { 409: 'The owner cannot leave: hand the practice over first' }),
        },
      },
    },
    async (request, reply) => {
      await practices.leave(await requireUserSession(request, reply));
      return { message: 'You have left the practice.' };
    },
  );

  app.post(
    '/api/practice/transfer',
    {
      schema: {
        security: USER_SESSION,
        body: transferSchema,
        response: {
          ...overviewAnswer,
          ...managing(REAUTH, { 409: 'You own it already, or the member pays for a plan of their own' }),
        },
      },
    },
    async (request, reply) =>
      practices.transfer(await requireUserSession(request, reply), request.body.userId, request.log),
  );
};
