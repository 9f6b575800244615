import type { z } from 'zod';
import { AUDIT_CRITERIA } from '../../shared/audit-criteria';
import {
  type NoteReport,
  type NoteReportResults,
  noteReportSchema,
  REPORT_MAX_AGE_DAYS,
} from '../../shared/schemas/note-reports';
import type { AppContext } from '../context';
import { londonDate } from '../lib/london-day';
import { type NewNoteReport, noteReportsRepo } from './note-reports-repo';

type Result = NoteReportResults['results'][number];

/** One batch's own: its client, its moment, its transaction's repository, its clinicians looked up once. */
type Batch = {
  clientId: string;
  now: number;
  repo: ReturnType<typeof noteReportsRepo>;
  clinician: (sub: string) => ReturnType<ReturnType<typeof noteReportsRepo>['clinician']>;
};

const CODES: ReadonlySet<string> = new Set(AUDIT_CRITERIA.criteria.map((c) => c.code));
const DAY_MS = 86_400_000;
/** A clock a little ahead at the note app is not a note from the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The first thing wrong with a report, in words a developer can act on: `field: what is wrong`. */
function firstIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return 'report: not a report';
  const where = issue.path.join('.') || 'report';
  return `${where}: ${issue.message}`;
}

/**
 * The note app's reports of finished notes (docs/note-app-integration.md#reports): each read on its own,
 * stored with its clinician and, when they were a member at `finishedAt`, their practice, and added to
 * the daily rollups in the same transaction. A bad report is refused with its reason and never costs
 * the others of its batch; a note id the client has sent before is a duplicate.
 */
export function noteReportService(ctx: AppContext) {
  const { db } = ctx.database;

  /** What is wrong with a report that parsed, or its row. */
  async function admit(batch: Batch, report: NoteReport): Promise<NewNoteReport | string> {
    const { clientId, now } = batch;
    const unknown = Object.keys(report.criteria).find((code) => !CODES.has(code));
    if (unknown)
      return `criteria.${unknown}: not a criterion of ${AUDIT_CRITERIA.set} (GET /api/audit-criteria)`;
    const finishedAt = new Date(report.finishedAt);
    if (finishedAt.getTime() > now + CLOCK_SKEW_MS) return 'finishedAt: is in the future';
    if (finishedAt.getTime() < now - REPORT_MAX_AGE_DAYS * DAY_MS)
      return `finishedAt: is more than ${REPORT_MAX_AGE_DAYS} days ago`;
    const clinician = await batch.clinician(report.sub);
    if (!clinician) return 'sub: no ChairNotes account has this sub';
    if (!clinician.usedNoteApp) return 'sub: this person has never signed in to the note app';
    // The practice keeps what was written as its member: one they had joined by the time the note was finished.
    const member =
      clinician.practiceId !== null && clinician.joinedAt !== null && clinician.joinedAt <= finishedAt;
    return {
      clientId,
      noteId: report.noteId,
      userId: clinician.userId,
      practiceId: member ? clinician.practiceId : null,
      finishedAt,
      day: londonDate(finishedAt),
      appointmentType: report.appointmentType,
      audioSeconds: report.audioSeconds,
      editSeconds: report.editSeconds,
      criteriaSet: report.criteriaSet,
      criteria: report.criteria,
      patientSentiment: report.patientSentiment ?? null,
      lettersTreatment: report.letters?.treatment ?? 0,
      lettersConsent: report.letters?.consent ?? 0,
      lettersReferral: report.letters?.referral ?? 0,
    };
  }

  async function one(batch: Batch, raw: Record<string, unknown>): Promise<Result> {
    const parsed = noteReportSchema.safeParse(raw);
    const noteId = typeof raw.noteId === 'string' && raw.noteId.length <= 64 ? raw.noteId : null;
    if (!parsed.success) return { noteId, status: 'refused', reason: firstIssue(parsed.error) };
    const row = await admit(batch, parsed.data);
    if (typeof row === 'string') return { noteId, status: 'refused', reason: row };
    if (!(await batch.repo.insert(row))) return { noteId, status: 'duplicate' };
    await batch.repo.addToRollups(row);
    return { noteId, status: 'accepted' };
  }

  return {
    /** A batch of reports from the note-app client `clientId`: a result for each, in the order sent. */
    async ingest(clientId: string, reports: Record<string, unknown>[]): Promise<NoteReportResults> {
      const results = await db.transaction(async (tx) => {
        const repo = noteReportsRepo(tx);
        // A batch is mostly one clinician's notes: each sub is looked up once.
        const clinicians = new Map<string, ReturnType<typeof repo.clinician>>();
        const batch: Batch = {
          clientId,
          now: Date.now(),
          repo,
          clinician: (sub) => {
            if (!clinicians.has(sub)) clinicians.set(sub, repo.clinician(sub));
            return clinicians.get(sub)!;
          },
        };
        const out: Result[] = [];
        for (const raw of reports) out.push(await one(batch, raw));
        return out;
      });
      return { results };
    },
  };
}
