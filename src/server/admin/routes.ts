import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPracticeSchema,
  adminReferralSchema,
  adminStatsSchema,
  adminSubscriberSchema,
  adminUserDetailSchema,
  adminUserSchema,
  userIdParamsSchema,
} from '../../shared/schemas/admin';
import { adminAuditPageSchema, adminExportSchema, auditPageQuerySchema } from '../../shared/schemas/audit';
import { messageSchema } from '../../shared/schemas/fields';
import { guard } from '../auth/require';
import { sendCsv } from '../lib/audit-format';
import { clientOf } from '../lib/client';
import { practiceTerms } from '../lib/content-file';
import { ADMIN_SESSION, CSV_FILE, ENROLMENT, errors } from '../openapi';
import { adminActions } from './admin-actions';
import { adminAuditService } from './admin-audit-service';
import {
  adminPractices,
  adminReferrals,
  adminStats,
  adminSubscribers,
  adminUsersJson,
} from './admin-queries';
import { adminUserDetail } from './user-detail';

/**
 * The admin area's data, and its one write (ending a user's sessions). The data is read-only. A user's
 * detail (one person) is validated like any answer. The lists carry no response schema: validating 100,000 rows
 * would cost more than the query, and each row is built from an explicit column list that
 * holds no secret (admin-queries.ts), which is what the schema would have guaranteed. The users
 * list arrives from the database as JSON text and is sent as it is.
 */
const NO_SUCH_USER = { 404: 'No user has that id' } as const;

/** A list's rows, described in the API's document but not validated on each answer (above). */
const described = (row: z.ZodType) => ({ config: { openapi: { response: { 200: z.array(row) } } } });

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const actions = adminActions(app.ctx);
  const audit = adminAuditService(app.ctx);

  // Every route of this plugin is the admin's: the guard is the plugin's hook (before validation, as a
  // route's own: docs/decisions/083-guards-declared-per-route.md), and the document says so of each.
  app.addHook('preValidation', guard('admin'));
  app.addHook('onRoute', (route) => {
    const response = { ...(route.schema?.response as object | undefined), ...errors(ENROLMENT) };
    route.schema = { ...route.schema, security: ADMIN_SESSION, response };
  });

  // Each view of people's data is recorded as the admin asks for it
  // (docs/decisions/090-practice-and-admin-audit-trails.md).
  app.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async (request) => {
    await audit.viewedList(request, 'dashboard');
    return adminStats(db);
  });
  app.get('/api/admin/users', described(adminUserSchema), async (request, reply) => {
    await audit.viewedList(request, 'users');
    return reply.type('application/json; charset=utf-8').send(await adminUsersJson(db));
  });
  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        params: userIdParamsSchema,
        response: { 200: adminUserDetailSchema, ...errors(NO_SUCH_USER) },
      },
    },
    async (request) => {
      const detail = await adminUserDetail(app.ctx, request.params.id, request.log);
      await audit.viewedUser(request, detail.profile);
      return detail;
    },
  );
  app.get('/api/admin/subscribers', described(adminSubscriberSchema), async (request) => {
    await audit.viewedList(request, 'subscribers');
    return adminSubscribers(db);
  });
  app.get('/api/admin/referrals', described(adminReferralSchema), async (request) => {
    await audit.viewedList(request, 'referrals');
    return adminReferrals(db);
  });
  app.get('/api/admin/practices', described(adminPracticeSchema), async (request) => {
    await audit.viewedList(request, 'practices');
    const terms = await practiceTerms({ samples: app.ctx.config.SAMPLE_CONTENT });
    return adminPractices(db, terms?.version ?? null);
  });

  // The lists' CSV files are made in the admin's browser, from lists already viewed; it says so here
  // before it saves one, and the export is recorded.
  app.post(
    '/api/admin/audit/exports',
    { schema: { body: adminExportSchema, response: { 200: messageSchema } } },
    async (request) => {
      await audit.exported(request, request.body.list, request.body.rows);
      return { message: 'Export recorded.' };
    },
  );

  // The admin audit trail: read-only.
  app.get(
    '/api/admin/audit',
    { schema: { querystring: auditPageQuerySchema, response: { 200: adminAuditPageSchema } } },
    async (request) => audit.page(request.query),
  );
  app.get('/api/admin/audit.csv', { schema: { response: { 200: CSV_FILE } } }, async (request, reply) =>
    sendCsv(reply, 'admin audit', await audit.csv(request)),
  );

  app.post(
    '/api/admin/users/:id/end-sessions',
    {
      schema: {
        params: userIdParamsSchema,
        response: { 200: messageSchema.extend({ count: z.number().int() }), ...errors(NO_SUCH_USER) },
      },
    },
    async (request) => {
      // The admin who acts, for the record.
      const { admin } = request.adminSession;
      const count = await actions.endUserSessions(admin, request.params.id, clientOf(request));
      return { message: `Signed out of ${count} session${count === 1 ? '' : 's'}.`, count };
    },
  );
};
