import { PLANS, type Plan } from '@shared/plans';
import { useQuery } from '@tanstack/react-query';

export const PLANS_QUERY_KEY = ['/api/subscription-plans'] as const;

/** The plans to show: the server's once loaded, else (failure or an empty list) the built-in ones. */
export function usePlans(): { plans: readonly Plan[]; isLoading: boolean } {
  const { data, isLoading } = useQuery<Plan[]>({ queryKey: PLANS_QUERY_KEY });
  const plans = Array.isArray(data) && data.length > 0 ? data : PLANS;
  return { plans, isLoading };
}
