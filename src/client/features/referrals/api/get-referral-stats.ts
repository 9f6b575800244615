import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { ReferralStats } from '@shared/schemas/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';

const NO_STATS: ReferralStats = { totalReferrals: 0, pendingReferrals: 0, completedReferrals: 0, credits: 0 };

/** GET /api/referrals/stats: the user's referrals counted. docs/architecture.md#api-calls: a failure gives zeros. */
async function getReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  try {
    return await answer(api.GET('/api/referrals/stats', { signal }));
  } catch {
    return NO_STATS;
  }
}

export const referralStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.referralStats, queryFn: ({ signal }) => getReferralStats(signal) });

export const useReferralStats = () => useQuery(referralStatsQueryOptions());
