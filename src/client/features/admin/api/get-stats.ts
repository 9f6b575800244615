import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminStats } from '@shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/stats: the dashboard figures. */
const getAdminStats = (signal?: AbortSignal) =>
  apiJson<AdminStats>('GET', '/api/admin/stats', undefined, signal);

export const getAdminStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.stats, queryFn: ({ signal }) => getAdminStats(signal) });

export function useAdminStats() {
  const query = useQuery(getAdminStatsQueryOptions());
  useFailureToast(query, 'Failed to fetch dashboard stats');
  return query;
}
