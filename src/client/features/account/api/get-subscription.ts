import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { SubscriptionDetails } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/subscription: the user's plan, status and dates. */
const getSubscription = (signal?: AbortSignal) =>
  apiJson<SubscriptionDetails>('GET', '/api/subscription', undefined, signal);

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.subscription, queryFn: ({ signal }) => getSubscription(signal) });

export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
