import { apiJson } from '@client/lib/api';
import type { CreateSubscriptionAnswer } from '@shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';

type Start = { planId: string; referralCode?: string };

/**
 * POST /api/create-subscription: starts the plan's subscription, with the referral code that reached the
 * page (the server applies it); the answer is what the card form confirms, and what became of the code.
 */
const createSubscription = (start: Start) =>
  apiJson<CreateSubscriptionAnswer>('POST', '/api/create-subscription', start);

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
