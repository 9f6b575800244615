import type { FastifyRequest } from 'fastify';
import {
  ADMIN_EVENT_LABELS,
  type AdminAuditPage,
  type AdminEvent,
  type AdminList,
  type AuditPageQuery,
} from '../../shared/schemas/audit';
import type { AppContext } from '../context';
import type { AdminEventRow } from '../db/schema';
import { auditCsvColumns, auditEventFields, auditPage, trailCsv } from '../lib/audit-format';
import { clientOf } from '../lib/client';
import { adminAuditRepo, recordAdminEvent } from './admin-audit';

const toEvent = (row: AdminEventRow): AdminEvent => ({
  ...auditEventFields(row, ADMIN_EVENT_LABELS),
  admin: row.adminName,
});

const rowCount = (rows: number) => `${rows} row${rows === 1 ? '' : 's'}`;

const CSV_COLUMNS = auditCsvColumns<AdminEvent>({ header: 'Admin', value: (e) => e.admin });

/**
 * The admin area's record of itself (docs/decisions/090-practice-and-admin-audit-trails.md): what each
 * admin looked at and did, written as the admin's request is answered, and read, never changed.
 */
export function adminAuditService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = adminAuditRepo(db);

  return {
    /** The admin of `request` viewed one person's account. */
    viewedUser: (request: FastifyRequest, user: { id: number; username: string }) =>
      recordAdminEvent(db, {
        admin: request.adminSession.admin,
        action: 'user_viewed',
        subject: { userId: user.id, name: user.username },
        client: clientOf(request),
      }),

    /** The admin of `request` viewed a list of people (or the dashboard, which names the latest sign-ins). */
    viewedList: (request: FastifyRequest, list: AdminList) =>
      recordAdminEvent(db, {
        admin: request.adminSession.admin,
        action: 'list_viewed',
        subject: { name: list },
        client: clientOf(request),
      }),

    /** The admin of `request` is given a list as CSV: `rows` of it, those its `search` found when there was one. */
    exported: (request: FastifyRequest, list: AdminList, rows: number, search: string) =>
      recordAdminEvent(db, {
        admin: request.adminSession.admin,
        action: 'list_exported',
        subject: { name: list },
        detail: search ? `${rowCount(rows)} found by “${search}”` : rowCount(rows),
        client: clientOf(request),
      }),

    async page({ before, limit }: AuditPageQuery): Promise<AdminAuditPage> {
      return auditPage(await repo.page(before, limit + 1), limit, toEvent);
    },

    /** The whole trail as CSV, newest first; the export is recorded in it (in the next one) once written. */
    csv: (request: FastifyRequest) =>
      trailCsv(repo.page, toEvent, CSV_COLUMNS, (rows) =>
        recordAdminEvent(db, {
          admin: request.adminSession.admin,
          action: 'list_exported',
          subject: { name: 'admin audit' },
          detail: rowCount(rows),
          client: clientOf(request),
        }),
      ),
  };
}
