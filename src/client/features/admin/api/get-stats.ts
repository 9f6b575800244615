import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/stats: the dashboard figures. */
const getAdminStats = (signal?: AbortSignal) => answer(api.GET('/api/admin/stats', { signal }));

export const getAdminStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.stats, queryFn: ({ signal }) => getAdminStats(signal) });

export function useAdminStats() {
  const query = useQuery(getAdminStatsQueryOptions());
  useFailureToast(query, 'Failed to fetch dashboard stats');
  return query;
}
