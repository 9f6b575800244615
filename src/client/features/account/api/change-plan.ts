import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { setUser } from '@client/lib/session';
import { authenticatePayment } from '@client/lib/stripe-js';
import { toast } from '@client/lib/toast';
import type { BillingInterval, PaidPlanId } from '@shared/constants';
import { findPlan } from '@shared/plans';
import type { PublicUser } from '@shared/schemas/auth';
import type { PlanChange } from '@shared/schemas/billing';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/subscription/change-plan/preview: what switching to `planId` by `interval` costs now, from Stripe. */
const previewPlanChange = (planId: PaidPlanId, interval: BillingInterval, signal?: AbortSignal) =>
  answer(
    api.GET('/api/subscription/change-plan/preview', { params: { query: { planId, interval } }, signal }),
  );

/** Asked afresh each time the dialog opens: the figure depends on the moment. */
export const usePlanChangePreview = (planId: PaidPlanId, interval: BillingInterval, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.user.subscription, 'change-plan', planId, interval],
    queryFn: ({ signal }) => previewPlanChange(planId, interval, signal),
    enabled,
    gcTime: 0,
  });

/**
 * POST /api/subscription/change-plan: switches, priced as the preview was (its quote). When the bank
 * asks the person to confirm the payment (202), Stripe.js runs its check in the page, then
 * .../complete says how it ended: switched, or (not confirmed) a 402 and the plan unchanged.
 */
async function changePlan(
  queryClient: QueryClient,
  change: PlanChange,
  onBankCheck?: (running: boolean) => void,
): Promise<PublicUser> {
  const outcome = await answer(api.POST('/api/subscription/change-plan', { body: change }));
  if (!('clientSecret' in outcome)) return outcome;
  onBankCheck?.(true);
  try {
    await authenticatePayment(queryClient, outcome.clientSecret);
  } finally {
    onBankCheck?.(false);
  }
  return answer(api.POST('/api/subscription/change-plan/complete', { body: { planId: change.planId } }));
}

/**
 * `onBankCheck`: told while Stripe.js runs the bank's check in the page (its own modal).
 * `intervalSwitch`: the same plan by another interval, which the toast names instead of the plan.
 */
export function useChangePlan({
  onDone,
  onBankCheck,
  intervalSwitch = false,
}: {
  onDone?: () => void;
  onBankCheck?: (running: boolean) => void;
  intervalSwitch?: boolean;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PlanChange) => changePlan(queryClient, change, onBankCheck),
    onSuccess: async (user, change) => {
      setUser(queryClient, user);
      // Paid, but Stripe has not applied the change yet (it follows the payment by a moment).
      const name = findPlan(user.plan)?.name ?? user.plan;
      const title =
        user.plan !== change.planId || user.billingInterval !== change.interval
          ? 'Your payment went through. Your plan changes in a moment.'
          : intervalSwitch
            ? `You are now billed ${change.interval === 'year' ? 'yearly' : 'monthly'} for ${name}.`
            : `You are now on the ${name} plan.`;
      toast({ title });
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: queryKeys.user.all });
    },
    onError: (error) => {
      toast({ title: 'Failed to change plan', description: describeFailure(error), variant: 'destructive' });
    },
  });
}
