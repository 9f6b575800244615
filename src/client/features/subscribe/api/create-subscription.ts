import { apiJson } from '@client/lib/api';
import type { CreateSubscriptionResponse } from '@shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';

/** POST /api/create-subscription: starts the plan's subscription; the answer is what the card form confirms. */
const createSubscription = (planId: string) =>
  apiJson<CreateSubscriptionResponse>('POST', '/api/create-subscription', { planId });

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
