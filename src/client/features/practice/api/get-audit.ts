import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { useInfiniteQuery } from '@tanstack/react-query';

/** GET /api/practice/audit: the practice's audit trail, a page at a time, newest first (owners and admins). */
const getPracticeAudit = (before: number | undefined, signal?: AbortSignal) =>
  answer(api.GET('/api/practice/audit', { params: { query: { before } }, signal }));

/** The trail, read afresh at each visit: it grows with everything the practice does. */
export const usePracticeAudit = () =>
  useInfiniteQuery({
    queryKey: queryKeys.user.practiceAudit,
    queryFn: ({ pageParam, signal }) => getPracticeAudit(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    staleTime: 0,
  });

/** Where the browser saves the trail as CSV from. */
export const PRACTICE_AUDIT_CSV = '/api/practice/audit.csv';
