import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/audit: the admin audit trail, a page at a time, newest first. */
const getAdminAudit = (before: number | undefined, signal?: AbortSignal) =>
  answer(api.GET('/api/admin/audit', { params: { query: { before } }, signal }));

/** The trail, read afresh at each visit: it grows with every admin's views. */
export function useAdminAudit() {
  const query = useInfiniteQuery({
    queryKey: queryKeys.admin.audit,
    queryFn: ({ pageParam, signal }) => getAdminAudit(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    staleTime: 0,
  });
  useFailureToast(query, 'Failed to fetch the audit trail');
  return query;
}

/** Where the browser saves the trail as CSV from. */
export const ADMIN_AUDIT_CSV = '/api/admin/audit.csv';
