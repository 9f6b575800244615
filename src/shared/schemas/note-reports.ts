import { z } from 'zod';
import { APPOINTMENT_TYPES, AUDIT_CRITERIA, CRITERION_RESULTS, PATIENT_SENTIMENTS } from '../audit-criteria';
import { isoDate } from './fields';

// The note app's reports of finished notes (docs/note-app-integration.md#reports): metadata and the note's
// record-keeping audit, never its text. Every field is a code, a number, a date or an opaque id, and an
// unknown field refuses the report: nothing that could carry patient data has anywhere to land.

/** The most reports one request may carry. */
const REPORTS_PER_REQUEST = 500;
/** The longest recording or editing time a note may report: four hours. */
const MAX_NOTE_SECONDS = 14_400;
/** How far back a note may have been finished when it is reported. */
export const REPORT_MAX_AGE_DAYS = 90;

const seconds = z.number().int().min(0).max(MAX_NOTE_SECONDS, `must be at most ${MAX_NOTE_SECONDS} seconds`);
const count = z.number().int().min(0).max(100);

/** One report, whole: `.strict()`, so an unknown field refuses it. */
export const noteReportSchema = z.strictObject({
  // Opaque and short: letters, digits and . _ : - only, so that no sentence fits.
  noteId: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -'),
  sub: z.uuid('must be the clinician’s sub, as in their ID token'),
  finishedAt: isoDate,
  appointmentType: z.enum(APPOINTMENT_TYPES),
  audioSeconds: seconds,
  editSeconds: seconds,
  criteriaSet: z.literal(AUDIT_CRITERIA.set, `must be '${AUDIT_CRITERIA.set}' (GET /api/audit-criteria)`),
  criteria: z.record(z.string(), z.enum(CRITERION_RESULTS)),
  patientSentiment: z.enum(PATIENT_SENTIMENTS).optional(),
  letters: z.strictObject({ treatment: count, consent: count, referral: count }).partial().optional(),
});
export type NoteReport = z.infer<typeof noteReportSchema>;

/** A batch: each report is read on its own, so one bad report never refuses the others. */
export const noteReportBatchSchema = z.object({
  reports: z.array(z.record(z.string(), z.unknown())).min(1).max(REPORTS_PER_REQUEST),
});

const REPORT_STATUSES = ['accepted', 'duplicate', 'refused'] as const;

export const noteReportResultsSchema = z.object({
  /** One per report, in the order sent. */
  results: z.array(
    z.object({
      /** The report's noteId, or null when it had none that could be read. */
      noteId: z.string().nullable(),
      status: z.enum(REPORT_STATUSES),
      /** Why it was refused, for the note app's developers. */
      reason: z.string().optional(),
    }),
  ),
});
export type NoteReportResults = z.infer<typeof noteReportResultsSchema>;

export const auditCriteriaSchema = z.object({
  set: z.string(),
  version: z.string(),
  criteria: z.array(z.object({ code: z.string(), label: z.string(), guidance: z.string() })),
});
