import { answer, api } from '@client/lib/api';
import type { BillingInterval, PaidPlanId } from '@shared/constants';
import { useMutation } from '@tanstack/react-query';

type Start = { planId: PaidPlanId; interval?: BillingInterval; referralCode?: string };

/**
 * POST /api/create-subscription: starts the plan's subscription, with the referral code that reached the
 * page (the server applies it); the answer is what the card form confirms, and what became of the code.
 */
const createSubscription = ({ interval, ...start }: Start) =>
  // The specification's call is `{planId}`: the interval goes only when it is not the default, monthly.
  answer(
    api.POST('/api/create-subscription', {
      body: interval && interval !== 'month' ? { ...start, interval } : start,
    }),
  );

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
