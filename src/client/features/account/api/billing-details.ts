import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import type { BillingDetails } from '@shared/schemas/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /api/billing/details: who the invoices are made out to, or null before they are given. */
const getBillingDetails = (signal?: AbortSignal) => answer(api.GET('/api/billing/details', { signal }));

export const billingDetailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user.billingDetails,
    queryFn: ({ signal }) => getBillingDetails(signal),
  });

export const useBillingDetails = () => useQuery(billingDetailsQueryOptions());

/** PUT /api/billing/details: saved on the Stripe customer, so every invoice carries them. */
const saveBillingDetails = (details: BillingDetails) =>
  answer(api.PUT('/api/billing/details', { body: details }));

export function useSaveBillingDetails({ onDone }: { onDone?: (details: BillingDetails) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (answer) => {
      queryClient.setQueryData(billingDetailsQueryOptions().queryKey, answer);
      toast({ title: 'Billing details saved', description: 'Your invoices will carry them.' });
      if (answer.details) onDone?.(answer.details);
    },
    onError: (error) => {
      toast({
        title: 'Failed to save billing details',
        description: describeFailure(error),
        variant: 'destructive',
      });
    },
  });
}
