import { apiJson, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { PaidPlanId } from '@shared/constants';
import { findPlan } from '@shared/plans';
import type { PublicUser } from '@shared/schemas/auth';
import type { PlanChange, PlanChangePreview } from '@shared/schemas/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/subscription/change-plan/preview: what switching to `planId` costs now, from Stripe. */
const previewPlanChange = (planId: PaidPlanId, signal?: AbortSignal) =>
  apiJson<PlanChangePreview>(
    'GET',
    `/api/subscription/change-plan/preview?planId=${planId}`,
    undefined,
    signal,
  );

/** Asked afresh each time the dialog opens: the figure depends on the moment. */
export const usePlanChangePreview = (planId: PaidPlanId, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.user.subscription, 'change-plan', planId],
    queryFn: ({ signal }) => previewPlanChange(planId, signal),
    enabled,
    gcTime: 0,
  });

/** POST /api/subscription/change-plan: switches, priced as the preview was (its prorationDate). */
const changePlan = (change: PlanChange) =>
  apiJson<PublicUser>('POST', '/api/subscription/change-plan', change);

export function useChangePlan({ onDone }: { onDone?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: async (user) => {
      setUser(queryClient, user);
      toast({ title: `You are now on the ${findPlan(user.plan)?.name ?? user.plan} plan.` });
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: queryKeys.user.all });
    },
    onError: (error) => {
      toast({ title: 'Failed to change plan', description: describeFailure(error), variant: 'destructive' });
    },
  });
}
