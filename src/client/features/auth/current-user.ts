import { sessionQueryFn } from '@client/lib/api';
import type { PublicUser } from '@shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** The signed-in user: null when signed out (a 401 is an answer, not an error). */
export function useCurrentUser() {
  const query = useQuery<PublicUser | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: sessionQueryFn<PublicUser>('user'),
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
