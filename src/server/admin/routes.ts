import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPaidAndActive } from '../../shared/access';
import {
  newsletterCsv,
  practiceSearchFields,
  practicesCsv,
  referralSearchFields,
  referralsCsv,
  subscriberSearchFields,
  subscriptionsCsv,
  userSearchFields,
  usersCsv,
} from '../../shared/admin-lists';
import type { CsvColumn } from '../../shared/csv';
import {
  type AdminUser,
  adminPracticeSchema,
  adminReferralSchema,
  adminStatsSchema,
  adminSubscriberSchema,
  adminUserDetailSchema,
  adminUserSchema,
  userIdParamsSchema,
} from '../../shared/schemas/admin';
import {
  type AdminList,
  adminAuditPageSchema,
  adminExportQuerySchema,
  auditPageQuerySchema,
} from '../../shared/schemas/audit';
import { messageSchema } from '../../shared/schemas/fields';
import { buildSearchIndex, filterRows } from '../../shared/search';
import { guard } from '../auth/require';
import { listCsv, sendCsv } from '../lib/audit-format';
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
  /** Every practice, each with whether its accepted terms are the current ones. */
  const currentPractices = async () => {
    const terms = await practiceTerms({ samples: app.ctx.config.SAMPLE_CONTENT });
    return adminPractices(db, terms?.version ?? null);
  };
  app.get('/api/admin/practices', described(adminPracticeSchema), async (request) => {
    await audit.viewedList(request, 'practices');
    return currentPractices();
  });

  // The lists as CSV files, made here (docs/decisions/107-admin-lists-exported-by-the-server.md): of the rows
  // the page's search finds (`?q=`, shared/search.ts), and each file recorded as it is given, before it is
  // sent, so no export goes unrecorded and none is recorded that was not made.
  function csvExport<T>(
    url: string,
    list: AdminList,
    file: string,
    read: () => Promise<readonly T[]>,
    { columns, searchIn }: { columns: readonly CsvColumn<T>[]; searchIn: (row: T) => readonly string[] },
  ) {
    app.get(
      url,
      { schema: { querystring: adminExportQuerySchema, response: { 200: CSV_FILE } } },
      async (request, reply) => {
        const rows = await read();
        const search = request.query.q?.trim() ?? '';
        const found = filterRows(rows, buildSearchIndex(rows, searchIn), search);
        await audit.exported(request, list, found.length, search);
        return sendCsv(reply, file, listCsv(columns, found));
      },
    );
  }
  const allUsers = async () => JSON.parse(await adminUsersJson(db)) as AdminUser[];
  csvExport('/api/admin/users.csv', 'users', 'users', allUsers, {
    columns: usersCsv,
    searchIn: userSearchFields,
  });
  csvExport(
    '/api/admin/subscriptions.csv',
    'subscriptions',
    'subscriptions',
    async () => (await allUsers()).filter(isPaidAndActive),
    { columns: subscriptionsCsv, searchIn: userSearchFields },
  );
  csvExport('/api/admin/referrals.csv', 'referrals', 'referrals', () => adminReferrals(db), {
    columns: referralsCsv,
    searchIn: referralSearchFields,
  });
  csvExport(
    '/api/admin/subscribers.csv',
    'subscribers',
    'newsletter subscribers',
    () => adminSubscribers(db),
    { columns: newsletterCsv, searchIn: subscriberSearchFields },
  );
  csvExport('/api/admin/practices.csv', 'practices', 'practices', currentPractices, {
    columns: practicesCsv,
    searchIn: practiceSearchFields,
  });

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
