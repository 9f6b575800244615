import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageQuerySchema, practiceAuditPageSchema } from '../../shared/schemas/audit';
import { messageSchema } from '../../shared/schemas/fields';
import {
  acceptAgreementSchema,
  accessReviewSchema,
  agreementsSchema,
  invitationIdParamsSchema,
  invitationPreviewSchema,
  invitationRequestSchema,
  invitationTokenSchema,
  joinResponseSchema,
  memberParamsSchema,
  memberRoleSchema,
  practiceNameSchema,
  practiceOverviewSchema,
  practicePolicyChangeSchema,
  practicePolicyRequestSchema,
  seatRequestSchema,
  transferSchema,
} from '../../shared/schemas/practice';
import { sendCsv } from '../lib/audit-format';
import { clientOf } from '../lib/client';
import { CSV_FILE, errors, REAUTH } from '../openapi';
import { authRateLimit, formRateLimit, practiceInvitationRateLimit } from '../security/rate-limits';
import { practiceAuditService } from './audit-service';
import { governanceService } from './governance-service';
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
  const audit = practiceAuditService(ctx);
  const governance = governanceService(ctx);
  const invitationLimit = practiceInvitationRateLimit(ctx.config);

  app.get(
    '/api/practice',
    { config: { access: 'user' }, schema: { response: { ...overviewAnswer, ...errors(NOT_IN_PRACTICE) } } },
    async (request) => practices.overview(request.userSession),
  );

  app.patch(
    '/api/practice',
    {
      config: { access: 'user' },
      schema: {
        body: practiceNameSchema,
        response: { ...overviewAnswer, ...managing() },
      },
    },
    async (request) => practices.rename(request.userSession, request.body.name, clientOf(request)),
  );

  app.post(
    '/api/practice/invitations',
    {
      config: { ...invitationLimit, access: 'user' },
      schema: {
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
      const overview = await practices.invite(request.userSession, request.body, clientOf(request));
      return reply.status(201).send(overview);
    },
  );

  app.delete(
    '/api/practice/invitations/:id',
    {
      config: { access: 'user' },
      schema: {
        params: invitationIdParamsSchema,
        response: { ...overviewAnswer, ...managing() },
      },
    },
    async (request) => practices.withdraw(request.userSession, request.params.id, clientOf(request)),
  );

  app.post(
    '/api/practice/invitations/:id/resend',
    {
      config: { ...invitationLimit, access: 'user' },
      schema: {
        params: invitationIdParamsSchema,
        response: { ...overviewAnswer, ...managing() },
      },
    },
    async (request) => practices.resend(request.userSession, request.params.id, clientOf(request)),
  );

  // Open to visitors: the join page shows whose invitation it is, and to which address (masked), before
  // the person signs in or registers; a signed-in person learns whether it is theirs. The token is 160
  // random bits; the limit keeps even trying slow.
  app.post(
    '/api/practice/invitations/preview',
    {
      config: { ...authRateLimit(ctx.config), access: 'anyone' },
      schema: {
        body: invitationTokenSchema,
        response: { 200: invitationPreviewSchema, ...errors(INVITATION_LINK) },
      },
    },
    async (request) => practices.preview(request.body.token, request.visitorSession),
  );

  app.post(
    '/api/practice/join',
    {
      config: { ...authRateLimit(ctx.config), access: 'user' },
      schema: {
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
    async (request) =>
      practices.join(request.userSession, request.body.token, clientOf(request), request.log),
  );

  app.patch(
    '/api/practice/members/:userId',
    {
      config: { access: 'user' },
      schema: {
        params: memberParamsSchema,
        body: memberRoleSchema,
        response: { ...overviewAnswer, ...managing({ 409: 'The owner’s role moves only by a handover' }) },
      },
    },
    async (request) =>
      practices.changeRole(request.userSession, request.params.userId, request.body.role, clientOf(request)),
  );

  app.delete(
    '/api/practice/members/:userId',
    {
      config: { access: 'user' },
      schema: {
        params: memberParamsSchema,
        response: { ...overviewAnswer, ...managing({ 409: 'To remove yourself, leave the practice' }) },
      },
    },
    async (request) => practices.remove(request.userSession, request.params.userId, clientOf(request)),
  );

  app.post(
    '/api/practice/leave',
    {
      config: { access: 'user' },
      schema: {
        response: {
          200: messageSchema,
          ...errors(NOT_IN_PRACTICE, { 409: 'The owner cannot leave: hand the practice over first' }),
        },
      },
    },
    async (request) => {
      await practices.leave(request.userSession, clientOf(request));
      return { message: 'You have left the practice.' };
    },
  );

  // The audit trail: its owner's and admins' (docs/decisions/090-practice-and-admin-audit-trails.md).
  app.get(
    '/api/practice/audit',
    {
      config: { access: 'user' },
      schema: {
        querystring: auditPageQuerySchema,
        response: { 200: practiceAuditPageSchema, ...managing() },
      },
    },
    async (request) => audit.page(request.userSession, request.query),
  );

  app.get(
    '/api/practice/audit.csv',
    {
      config: { access: 'user' },
      schema: { response: { 200: CSV_FILE, ...managing() } },
    },
    async (request, reply) => sendCsv(reply, 'practice audit', await audit.csv(request.userSession)),
  );

  app.post(
    '/api/practice/transfer',
    {
      config: { access: 'user' },
      schema: {
        body: transferSchema,
        response: {
          ...overviewAnswer,
          ...managing(REAUTH, { 409: 'You own it already, or the member pays for a plan of their own' }),
        },
      },
    },
    async (request) =>
      practices.transfer(request.userSession, request.body.userId, clientOf(request), request.log),
  );

  // Governance (docs/decisions/092-a-practice-sign-in-policy.md, docs/decisions/093-practice-terms-accepted-by-version.md).
  app.patch(
    '/api/practice/policy',
    {
      config: { access: 'user' },
      schema: {
        body: practicePolicyRequestSchema,
        response: {
          200: practicePolicyChangeSchema,
          ...managing(
            REAUTH,
            {
              409: "Requiring a second factor: the person saving it, or the owner, has none yet; or the Microsoft organisation is not the owner's own, or is missing",
            },
            { 403: "Microsoft sign-in is the owner's to set" },
          ),
        },
      },
    },
    async (request) => governance.updatePolicy(request.userSession, request.body, clientOf(request)),
  );

  app.get(
    '/api/practice/members',
    { config: { access: 'user' }, schema: { response: { 200: accessReviewSchema, ...managing() } } },
    async (request) => governance.accessReview(request.userSession),
  );

  // The review done: recorded in the practice's trail, with who did it and what they saw.
  app.post(
    '/api/practice/members/reviewed',
    { config: { access: 'user' }, schema: { response: { 200: accessReviewSchema, ...managing() } } },
    async (request) => governance.markReviewed(request.userSession, clientOf(request)),
  );

  app.get(
    '/api/practice/members.csv',
    { config: { access: 'user' }, schema: { response: { 200: CSV_FILE, ...managing() } } },
    async (request, reply) => {
      const { csv, practiceName } = await governance.accessReviewCsv(request.userSession);
      return sendCsv(reply, `access review ${practiceName}`, csv);
    },
  );

  // 'Need more seats?': mail to the admins, as many as the contact form allows an address.
  app.post(
    '/api/practice/seat-request',
    {
      config: { ...formRateLimit(ctx.config), access: 'user' },
      schema: { body: seatRequestSchema, response: { 200: messageSchema, ...managing() } },
    },
    async (request) => {
      await governance.requestSeats(request.userSession, request.body, clientOf(request));
      return {
        message: `Thank you. We will reply to ${request.userSession.user.email}.`,
      };
    },
  );

  app.get(
    '/api/practice/agreements',
    { config: { access: 'user' }, schema: { response: { 200: agreementsSchema, ...managing() } } },
    async (request) => governance.agreements(request.userSession),
  );

  app.post(
    '/api/practice/agreements',
    {
      config: { access: 'user' },
      schema: {
        body: acceptAgreementSchema,
        response: {
          200: agreementsSchema,
          ...managing({ 409: 'The terms changed since this version: read and accept the new one' }),
        },
      },
    },
    async (request) => governance.accept(request.userSession, request.body.version, clientOf(request)),
  );
};
