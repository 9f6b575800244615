import { isManager } from '../../shared/access';
import {
  type AuditPageQuery,
  PRACTICE_EVENT_LABELS,
  type PracticeAuditPage,
  type PracticeEvent,
} from '../../shared/schemas/audit';
import type { UserSession } from '../auth/require';
import type { AppContext } from '../context';
import type { PracticeEventRow } from '../db/schema';
import { auditCsvColumns, auditEventFields, auditPage, trailCsv } from '../lib/audit-format';
import { forbidden, notFound } from '../lib/http-error';
import { practiceAuditRepo } from './audit';
import { M } from './practice-service';

const toEvent = (row: PracticeEventRow): PracticeEvent => ({
  ...auditEventFields(row, PRACTICE_EVENT_LABELS),
  actor: row.actorName,
});

const CSV_COLUMNS = auditCsvColumns<PracticeEvent>({ header: 'Who', value: (e) => e.actor });

/**
 * A practice's audit trail as its owner and admins read it (docs/decisions/090-practice-and-admin-audit-trails.md):
 * a clinician is refused, and nobody sees another practice's, since the practice is the session's own.
 */
export function practiceAuditService(ctx: AppContext) {
  const repo = practiceAuditRepo(ctx.database.db);

  function managedPractice(session: UserSession): number {
    if (!session.practice) throw notFound(M.notInPractice);
    if (!isManager(session.practice.role)) throw forbidden(M.managersOnly);
    return session.practice.id;
  }

  return {
    async page(session: UserSession, { before, limit }: AuditPageQuery): Promise<PracticeAuditPage> {
      return auditPage(await repo.page(managedPractice(session), before, limit + 1), limit, toEvent);
    },

    /** The whole trail as CSV, newest first. */
    csv(session: UserSession) {
      const practiceId = managedPractice(session);
      return trailCsv((before, limit) => repo.page(practiceId, before, limit), toEvent, CSV_COLUMNS);
    },
  };
}
