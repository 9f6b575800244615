import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/users/:id: one user's account, read-only. */
const getAdminUser = (id: number, signal?: AbortSignal) =>
  answer(api.GET('/api/admin/users/{id}', { params: { path: { id } }, signal }));

export function useAdminUser(id: number) {
  const query = useQuery({
    queryKey: queryKeys.admin.user(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  useFailureToast(query, 'Failed to fetch the user');
  return query;
}
