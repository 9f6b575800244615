import { buildSearchIndex, filterRows } from '@shared/search';
import { useDeferredValue, useMemo, useState } from 'react';

// Client-side, case-insensitive search of an admin list (docs/architecture.md#screens); the rule is
// shared/search.ts's, which the server's CSV files follow too.

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
  const searched = deferredQuery.trim();
  return { query, setQuery, filtered, searched, searching: searched !== '' };
}
