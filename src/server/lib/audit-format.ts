import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand';
import { type CsvColumn, csvHeader, csvRows } from '../../shared/csv';
import { describeDevice } from './client';

/** What both audit trails store of an event beside who did it. */
type AuditRow = {
  id: number;
  action: string;
  subjectName: string | null;
  detail: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
};

/** An event's common fields as the API answers them; an action no longer labelled shows its key. */
export function auditEventFields(row: AuditRow, labels: Record<string, string>) {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    label: labels[row.action] ?? row.action,
    subject: row.subjectName,
    detail: row.detail,
    ip: row.ip,
    device: describeDevice(row.userAgent),
    userAgent: row.userAgent,
  };
}

type AuditEventFields = ReturnType<typeof auditEventFields>;

/**
 * The CSV of a trail: the time in UTC first, then who (`who`), the rest after, under the page's own column
 * names (the page shows detail under About, and address and device under From). Every cell is written by
 * csvCell, which neutralises text a spreadsheet would run as a formula (a username or a user agent is
 * anyone's text).
 */
export function auditCsvColumns<T extends AuditEventFields>(who: CsvColumn<T>): CsvColumn<T>[] {
  return [
    { header: 'Time (UTC)', value: (e) => e.at },
    who,
    { header: 'What', value: (e) => e.label },
    { header: 'About', value: (e) => e.subject },
    { header: 'Detail', value: (e) => e.detail },
    { header: 'Address', value: (e) => e.ip },
    { header: 'Device', value: (e) => e.device },
    { header: 'User agent', value: (e) => e.userAgent },
  ];
}

/** How many rows a CSV export reads at a time. */
const CSV_BATCH = 1000;

/** One page of a trail from `limit + 1` rows read: the events, and the `before` of the next page. */
export function auditPage<R, E extends { id: number }>(rows: R[], limit: number, toEvent: (row: R) => E) {
  const events = rows.slice(0, limit).map(toEvent);
  return { events, nextBefore: rows.length > limit ? (events.at(-1)?.id ?? null) : null };
}

/**
 * A whole trail as CSV, newest first, read and written a batch at a time, so that years of events are
 * never held whole. The first batch is read before the answer starts, so that a failure there is an error
 * answer rather than a cut file; `onEnd(rows)` runs once the last line is written.
 */
export async function trailCsv<R extends { id: number }, E>(
  read: (before: number | undefined, limit: number) => Promise<R[]>,
  toEvent: (row: R) => E,
  columns: readonly CsvColumn<E>[],
  onEnd: (rows: number) => Promise<unknown> = async () => {},
): Promise<AsyncIterable<string>> {
  const first = await read(undefined, CSV_BATCH);
  return (async function* () {
    yield csvHeader(columns);
    let rows = first;
    let count = 0;
    for (;;) {
      count += rows.length;
      yield csvRows(columns, rows.map(toEvent));
      if (rows.length < CSV_BATCH) break;
      rows = await read(rows.at(-1)!.id, CSV_BATCH);
    }
    await onEnd(count);
  })();
}

/**
 * A list already read, as CSV written a batch of rows at a time: a long list is never one string (the admin's
 * lists: admin/routes.ts).
 */
export async function* listCsv<T>(
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
): AsyncIterable<string> {
  yield csvHeader(columns);
  for (let start = 0; start < rows.length; start += CSV_BATCH)
    yield csvRows(columns, rows.slice(start, start + CSV_BATCH));
}

async function* withByteOrderMark(chunks: AsyncIterable<string>) {
  yield '\uFEFF';
  yield* chunks;
}

/**
 * Answers a CSV file to save: 'chairnotes-practice-audit-2026-11-27.csv' (the day in UTC, as the times
 * in it), with the byte order mark that makes Excel read UTF-8, and kept by no cache.
 */
export function sendCsv(reply: FastifyReply, list: string, csv: string | AsyncIterable<string>) {
  const day = new Date().toISOString().slice(0, 10);
  const slug = `${PRODUCT_NAME}-${list}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${slug}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(typeof csv === 'string' ? `\uFEFF${csv}` : Readable.from(withByteOrderMark(csv)));
}
