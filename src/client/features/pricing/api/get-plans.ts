import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { PLANS, type Plan } from '@shared/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/subscription-plans: the plans on offer. */
const getPlans = (signal?: AbortSignal) =>
  apiJson<Plan[]>('GET', '/api/subscription-plans', undefined, signal);

const plansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.plans, queryFn: ({ signal }) => getPlans(signal) });

/** The plans to show: the server's once loaded, else (failure or an empty list) the built-in ones. */
export function usePlans(): { plans: readonly Plan[]; isLoading: boolean } {
  const { data, isLoading } = useQuery(plansQueryOptions());
  const plans = Array.isArray(data) && data.length > 0 ? data : PLANS;
  return { plans, isLoading };
}
