import { answer, api } from '@client/lib/api';
import type { PaidPlanId } from '@shared/constants';
import { useMutation } from '@tanstack/react-query';

type Start = { planId: PaidPlanId; referralCode?: string };

/**
 * POST /api/create-subscription: starts the plan's subscription, with the referral code that reached the
 * page (the server applies it); the answer is what the card form confirms, and what became of the code.
 */
const createSubscription = (start: Start) => answer(api.POST('/api/create-subscription', { body: start }));

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
