import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/practices: every practice, its owner, size and subscription. */
const getAdminPractices = (signal?: AbortSignal) => answer(api.GET('/api/admin/practices', { signal }));

const getAdminPracticesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.practices, queryFn: ({ signal }) => getAdminPractices(signal) });

export function useAdminPractices() {
  const query = useQuery(getAdminPracticesQueryOptions());
  useFailureToast(query, 'Failed to fetch practices');
  return query;
}

/** The practices as CSV (`?q=`: the rows a search finds), made and recorded by the server. */
export const ADMIN_PRACTICES_CSV = '/api/admin/practices.csv';
