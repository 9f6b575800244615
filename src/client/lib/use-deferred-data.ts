import { useDeferredValue } from 'react';

/**
 * A query's data, rendered in the background when it arrives (docs/architecture.md#budgets). The query's answer
 * re-renders its readers at once, in the task that brought it (TanStack Query reads its cache through
 * useSyncExternalStore); a page drawn from that answer would then be one long task on a slow phone. As a
 * deferred value, React renders the page with it in short slices, after a render that changes nothing.
 *
 * `data` is the answer the page may show (a later answer replaces it once rendered); `waiting` says the
 * placeholder should stay: the query is pending, or its first answer is not rendered yet.
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }): {
  data: T | undefined;
  waiting: boolean;
} {
  const data = useDeferredValue(query.data);
  return { data, waiting: query.isPending || (query.data !== undefined && data === undefined) };
}
