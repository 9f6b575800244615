import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/users: every user; the subscriptions page filters the same list. */
const getAdminUsers = (signal?: AbortSignal) => answer(api.GET('/api/admin/users', { signal }));

const getAdminUsersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.users, queryFn: ({ signal }) => getAdminUsers(signal) });

export function useAdminUsers() {
  const query = useQuery(getAdminUsersQueryOptions());
  useFailureToast(query, 'Failed to fetch users');
  return query;
}

/** The users list as CSV (`?q=`: the rows a search finds), made and recorded by the server. */
export const ADMIN_USERS_CSV = '/api/admin/users.csv';

/** The active paid subscriptions as CSV (`?q=`: the rows a search finds), made and recorded by the server. */
export const ADMIN_SUBSCRIPTIONS_CSV = '/api/admin/subscriptions.csv';
