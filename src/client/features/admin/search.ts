import { useDeferredValue, useMemo, useState } from 'react';

// Client-side, case-insensitive search of an admin list (docs/architecture.md#screens). With 100,000 rows a keystroke
// must answer within 50 ms (docs/architecture.md#budgets): each row's text is lower-cased once, when the data
// arrives, so a keystroke is one `includes` per row and nothing else.

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

/**
 * A search box's state and the rows it lets through. The input shows each keystroke at once; the
 * filtering follows at a lower priority (useDeferredValue), so typing never waits on the list.
 */
export function useSearch<T>(rows: readonly T[], fields: (row: T) => readonly string[]) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // `fields` is a module-level function in every caller, so the index is built once per data set.
  const index = useMemo(() => buildSearchIndex(rows, fields), [rows, fields]);
  const filtered = useMemo(() => filterRows(rows, index, deferredQuery), [rows, index, deferredQuery]);
  return { query, setQuery, filtered, searching: deferredQuery.trim() !== '' };
}
