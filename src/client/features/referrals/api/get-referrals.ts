import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/referrals: the user's referrals, the latest first, each with where it stands and why. */
export const referralsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user.referrals,
    queryFn: ({ signal }) => answer(api.GET('/api/referrals', { signal })),
  });

export const useReferrals = () => useQuery(referralsQueryOptions());
