import { api, getSession } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET /api/admin/user: the signed-in admin (`enrolmentRequired` until they set up the second factor every
 * admin must have, docs/architecture.md#identity), a separate session from the user's (docs/architecture.md#states); null on 401.
 */
const getAdmin = (signal?: AbortSignal) => getSession('admin', () => api.GET('/api/admin/user', { signal }));

export const adminQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.adminSession, queryFn: ({ signal }) => getAdmin(signal) });

export function useCurrentAdmin() {
  const query = useQuery(adminQueryOptions());
  return { admin: query.data ?? null, isLoading: query.isLoading };
}
