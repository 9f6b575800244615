import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/subscription: the user's plan, status and dates. */
const getSubscription = (signal?: AbortSignal) => answer(api.GET('/api/subscription', { signal }));

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.subscription, queryFn: ({ signal }) => getSubscription(signal) });

export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
