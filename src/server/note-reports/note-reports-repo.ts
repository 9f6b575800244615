import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  type NoteReportRow,
  noteReportDayCriteria,
  noteReportDays,
  noteReports,
  practiceMembers,
  users,
} from '../db/schema';

export type NewNoteReport = Omit<NoteReportRow, 'id' | 'receivedAt'>;

/** The note app's reports and the daily rollups kept beside them (docs/note-app-integration.md#reports). */
export function noteReportsRepo(db: Db | Tx) {
  return {
    /**
     * The person behind an OpenID `sub`: their id, whether they have ever signed in to the note app, and
     * the practice they are a member of with when they joined it. Undefined for no such person.
     */
    async clinician(sub: string) {
      const [row] = await db
        .select({
          userId: users.id,
          usedNoteApp: sql<boolean>`${users.lastNoteAppSignInAt} is not null`,
          practiceId: practiceMembers.practiceId,
          joinedAt: practiceMembers.joinedAt,
        })
        .from(users)
        .leftJoin(practiceMembers, eq(practiceMembers.userId, users.id))
        .where(eq(users.publicId, sub));
      return row;
    },

    /**
     * Deletes the reports of notes finished more than `keepDays` ago (NOTE_REPORT_RETENTION_DAYS). The daily
     * rollups stay: they are counts, and the analytics of past years read them.
     */
    async purgeOld(keepDays: number): Promise<void> {
      await db
        .delete(noteReports)
        .where(sql`${noteReports.finishedAt} < now() - make_interval(days => ${keepDays})`);
    },

    /** One clinician's reports, oldest first (their personal-data export). */
    async ofClinician(userId: number) {
      return db
        .select({
          noteId: noteReports.noteId,
          reportedBy: noteReports.clientId,
          finishedAt: noteReports.finishedAt,
          appointmentType: noteReports.appointmentType,
          audioSeconds: noteReports.audioSeconds,
          editSeconds: noteReports.editSeconds,
          criteriaSet: noteReports.criteriaSet,
          criteria: noteReports.criteria,
          patientSentiment: noteReports.patientSentiment,
          letters: {
            treatment: noteReports.lettersTreatment,
            consent: noteReports.lettersConsent,
            referral: noteReports.lettersReferral,
          },
          receivedAt: noteReports.receivedAt,
        })
        .from(noteReports)
        .where(eq(noteReports.userId, userId))
        .orderBy(noteReports.finishedAt);
    },

    /** Stores a report; false when the client has sent this note id before (a duplicate, nothing stored). */
    async insert(report: NewNoteReport): Promise<boolean> {
      const stored = await db
        .insert(noteReports)
        .values(report)
        .onConflictDoNothing({ target: [noteReports.clientId, noteReports.noteId] })
        .returning({ id: noteReports.id });
      return stored.length > 0;
    },

    /** Adds a stored report to its day's rollups (called with the transaction that stored it). */
    async addToRollups(report: NewNoteReport): Promise<void> {
      const key = {
        practiceId: report.practiceId,
        userId: report.userId,
        day: report.day,
      };
      const sentiment = (kind: string) => (report.patientSentiment === kind ? 1 : 0);
      const added = {
        notes: 1,
        audioSeconds: report.audioSeconds,
        editSeconds: report.editSeconds,
        lettersTreatment: report.lettersTreatment,
        lettersConsent: report.lettersConsent,
        lettersReferral: report.lettersReferral,
        positive: sentiment('positive'),
        neutral: sentiment('neutral'),
        negative: sentiment('negative'),
      };
      const sum = (column: keyof typeof added) =>
        sql`${noteReportDays[column]} + ${sql.raw(`excluded.${noteReportDays[column].name}`)}`;
      await db
        .insert(noteReportDays)
        .values({ ...key, appointmentType: report.appointmentType, ...added })
        .onConflictDoUpdate({
          target: [
            noteReportDays.practiceId,
            noteReportDays.userId,
            noteReportDays.appointmentType,
            noteReportDays.day,
          ],
          set: Object.fromEntries(
            Object.keys(added).map((column) => [column, sum(column as keyof typeof added)]),
          ),
        });
      const applicable = Object.entries(report.criteria).filter(([, result]) => result !== 'not_applicable');
      if (applicable.length === 0) return;
      await db
        .insert(noteReportDayCriteria)
        .values(
          applicable.map(([code, result]) => ({
            ...key,
            code,
            met: result === 'met' ? 1 : 0,
            applicable: 1,
          })),
        )
        .onConflictDoUpdate({
          target: [
            noteReportDayCriteria.practiceId,
            noteReportDayCriteria.userId,
            noteReportDayCriteria.day,
            noteReportDayCriteria.code,
          ],
          set: {
            met: sql`${noteReportDayCriteria.met} + excluded.met`,
            applicable: sql`${noteReportDayCriteria.applicable} + excluded.applicable`,
          },
        });
    },
  };
}
