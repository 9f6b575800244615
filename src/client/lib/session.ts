import type { PublicUser } from '@shared/schemas/auth';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, getSession } from './api';
import { queryKeys } from './query-keys';
import { useHydrated } from './use-hydrated';

// The user's session, which every page's header shows: here rather than in the auth feature, so the
// layout reads it without loading anything of sign-in or sign-out (as bulletproof-react's lib/auth).

/** GET /api/user: the signed-in user, or null when signed out. */
const getUser = (signal?: AbortSignal) => getSession('user', () => api.GET('/api/user', { signal }));

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.session, queryFn: ({ signal }) => getUser(signal) });

/**
 * The signed-in user: null when signed out or while the session check runs, and while a prerendered
 * island hydrates: islands hydrate one by one, and one that starts after the session has arrived must
 * first render what its HTML shows (a signed-out visitor's), then the person.
 */
export function useCurrentUser() {
  const query = useQuery(userQueryOptions());
  const hydrated = useHydrated();
  return { user: hydrated ? (query.data ?? null) : null, isLoading: query.isLoading || !hydrated };
}

/** A mutation answered with the user as they now are: every view of them reads this one entry. */
export function setUser(queryClient: QueryClient, user: PublicUser): void {
  queryClient.setQueryData(userQueryOptions().queryKey, user);
}

/** The session has ended: the user and everything cached about them go; public and admin data stay. */
export function forgetUser(queryClient: QueryClient): void {
  queryClient.setQueryData(userQueryOptions().queryKey, null);
  queryClient.removeQueries({ queryKey: queryKeys.user.all });
}
