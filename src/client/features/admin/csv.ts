import { once } from '@shared/once';

// CSV export of the admin lists, built in the browser (RFC 4180: CRLF line ends, fields with a comma,
// a quote or a line break are quoted and their quotes doubled; a semicolon too, since spreadsheets in
// locales with a decimal comma split cells on it). Pure apart from downloadCsv.

type CsvValue = string | number | boolean | null | undefined;

export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP): a user
// who registers as '=HYPERLINK(...)' must not get code into the admin's spreadsheet.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** One field: text that could start a formula gets a leading single quote; then quoted if needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are our own values, never a formula: a negative number stays a number.
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: a header line, then one line per row, each line ending CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const londonDate = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }));

/** 'chairnotes-users-2026-11-22.csv': the product, the list and the day in London. */
export function csvFileName(product: string, list: string, now = new Date()): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `${slug(product)}-${slug(list)}-${londonDate().format(now)}.csv`;
}

/** Saves the text as a file. The byte order mark makes Excel read the file as UTF-8 (names with accents). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed later, not at once: some browsers read the blob after the click has returned (FileSaver.js
  // waits 40 s for the same reason).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
