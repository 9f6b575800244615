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
import { USER_SESSION } from '../openapi';
import { authRateLimit, practiceInvitationRateLimit } from '../security/rate-limits';
import { practiceService } from './practice-service';

const overviewAnswer = { 200: practiceOverviewSchema };

/** /api/practice: a practice, its members and invitations (design.md section 10). */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const practices = practiceService(ctx);
  const invitationLimit = practiceInvitationRateLimit(ctx.config);

  app.get(
    '/api/practice',
    { schema: { security: USER_SESSION, response: overviewAnswer } },
    async (request, reply) => practices.overview(await requireUserSession(request, reply)),
  );

  app.patch(
    '/api/practice',
    { schema: { security: USER_SESSION, body: practiceNameSchema, response: overviewAnswer } },
    async (request, reply) => practices.rename(await requireUserSession(request, reply), request.body.name),
  );

  app.post(
    '/api/practice/invitations',
    {
      config: invitationLimit,
      schema: {
        security: USER_SESSION,
        body: invitationRequestSchema,
        response: { 201: practiceOverviewSchema },
      },
    },
    async (request, reply) => {
      const overview = await practices.invite(await requireUserSession(request, reply), request.body);
      return reply.status(201).send(overview);
    },
  );

  app.delete(
    '/api/practice/invitations/:id',
    { schema: { security: USER_SESSION, params: invitationIdParamsSchema, response: overviewAnswer } },
    async (request, reply) => practices.withdraw(await requireUserSession(request, reply), request.params.id),
  );

  app.post(
    '/api/practice/invitations/:id/resend',
    {
      config: invitationLimit,
      schema: { security: USER_SESSION, params: invitationIdParamsSchema, response: overviewAnswer },
    },
    async (request, reply) => practices.resend(await requireUserSession(request, reply), request.params.id),
  );

  // Open to visitors: the join page shows whose invitation it is, and to which address, before the
  // person signs in or registers. The token is 160 random bits; the limit keeps even trying slow.
  app.post(
    '/api/practice/invitations/preview',
    {
      config: authRateLimit(ctx.config),
      schema: { body: invitationTokenSchema, response: { 200: invitationPreviewSchema } },
    },
    async (request) => practices.preview(request.body.token),
  );

  app.post(
    '/api/practice/join',
    {
      config: authRateLimit(ctx.config),
      schema: { security: USER_SESSION, body: invitationTokenSchema, response: { 200: joinResponseSchema } },
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
        response: overviewAnswer,
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
    { schema: { security: USER_SESSION, params: memberParamsSchema, response: overviewAnswer } },
    async (request, reply) =>
      practices.remove(await requireUserSession(request, reply), request.params.userId),
  );

  app.post(
    '/api/practice/leave',
    { schema: { security: USER_SESSION, response: { 200: messageSchema } } },
    async (request, reply) => {
      await practices.leave(await requireUserSession(request, reply));
      return { message: 'You have left the practice.' };
    },
  );

  app.post(
    '/api/practice/transfer',
    { schema: { security: USER_SESSION, body: transferSchema, response: overviewAnswer } },
    async (request, reply) =>
      practices.transfer(await requireUserSession(request, reply), request.body.userId, request.log),
  );
};
