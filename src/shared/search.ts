// Case-insensitive search of an admin list (docs/architecture.md#screens): the page's, as the admin types,
// and the server's, for the CSV file of the rows found. With 100,000 rows a keystroke must answer within
// 50 ms (docs/architecture.md#budgets): each row's text is lower-cased once, when the data arrives, so a
// keystroke is one `includes` per row and nothing else.

/** Each row's searchable fields, lower-cased and joined by a character no one types. */
export function buildSearchIndex<T>(rows: readonly T[], fields: (row: T) => readonly string[]): string[] {
  return rows.map((row) => fields(row).join('\u0000').toLowerCase());
}

/** The rows whose fields contain the query (trimmed, any case); all of them for an empty query. */
export function filterRows<T>(rows: readonly T[], index: readonly string[], query: string): readonly T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rows;
  const found: T[] = [];
  for (let i = 0; i < rows.length; i++) if (index[i]!.includes(needle)) found.push(rows[i]!);
  return found;
}
