import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminSubscriber } from '@shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/subscribers: the newsletter list. */
const getAdminSubscribers = (signal?: AbortSignal) =>
  apiJson<AdminSubscriber[]>('GET', '/api/admin/subscribers', undefined, signal);

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
