// CSV (RFC 4180: CRLF line ends, fields with a comma, a quote or a line break are quoted and their quotes
// doubled; a semicolon too, since spreadsheets in locales with a decimal comma split cells on it): the admin's
// lists, built in the browser; the audit trails and the access review, built by the server.

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

/** The header line, ending CRLF. */
export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return `${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;
}

/** One line per row, each ending CRLF: a file's body, or a part of it written as it is read. */
export function csvRows<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  let lines = '';
  for (const row of rows) lines += `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`;
  return lines;
}

/** A whole file: a header line, then one line per row. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return csvHeader(columns) + csvRows(columns, rows);
}
