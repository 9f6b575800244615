import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../use-failure-toast';

/** GET /api/admin/referrals: every referral and its reward. */
const getAdminReferrals = (signal?: AbortSignal) => answer(api.GET('/api/admin/referrals', { signal }));

const getAdminReferralsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.referrals, queryFn: ({ signal }) => getAdminReferrals(signal) });

export function useAdminReferrals() {
  const query = useQuery(getAdminReferralsQueryOptions());
  useFailureToast(query, 'Failed to fetch referrals');
  return query;
}

/** The referrals as CSV (`?q=`: the rows a search finds), made and recorded by the server. */
export const ADMIN_REFERRALS_CSV = '/api/admin/referrals.csv';
