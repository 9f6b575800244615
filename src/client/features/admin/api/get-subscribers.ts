import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/subscribers: the newsletter list. */
const getAdminSubscribers = (signal?: AbortSignal) => answer(api.GET('/api/admin/subscribers', { signal }));

const getAdminSubscribersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.subscribers,
    queryFn: ({ signal }) => getAdminSubscribers(signal),
  });

export function useAdminSubscribers() {
  const query = useQuery(getAdminSubscribersQueryOptions());
  useFailureToast(query, 'Failed to fetch subscribers');
  return query;
}

/** The newsletter list as CSV (`?q=`: the rows a search finds), made and recorded by the server. */
export const ADMIN_SUBSCRIBERS_CSV = '/api/admin/subscribers.csv';
