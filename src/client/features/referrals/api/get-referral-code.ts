import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/referrals/code: the user's code. docs/architecture.md#api-calls: a failure reads as "no code". */
async function getReferralCode(signal?: AbortSignal): Promise<string | null> {
  try {
    const { referralCode } = await answer(api.GET('/api/referrals/code', { signal }));
    return referralCode ?? null;
  } catch {
    return null;
  }
}

export const referralCodeQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.referralCode, queryFn: ({ signal }) => getReferralCode(signal) });

export const useReferralCode = () => useQuery(referralCodeQueryOptions());
