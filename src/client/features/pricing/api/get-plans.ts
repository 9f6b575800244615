import { answer, api } from '@client/lib/api';
import type { paths } from '@client/lib/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { PLANS, type Plan } from '@shared/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/subscription-plans: the plans on offer. */
const getPlans = (signal?: AbortSignal) => answer(api.GET(PLANS_URL, { signal }));

const plansQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.plans, queryFn: ({ signal }) => getPlans(signal) });

/**
 * The plans to show: the built-in ones until the server answers, then the server's (unless it fails or
 * answers an empty list).
 */
export function usePlans(): { plans: readonly Plan[] } {
  const { data } = useQuery({ ...plansQueryOptions(), placeholderData: [...PLANS] });
  return { plans: Array.isArray(data) && data.length > 0 ? data : PLANS };
}

/** Where the plans come from, for the prerendered grid to ask whether they changed since the build. */
const PLANS_URL = '/api/subscription-plans' satisfies keyof paths;
