import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/billing/payment-method: the card Stripe charges, or null. */
const getPaymentMethod = (signal?: AbortSignal) => answer(api.GET('/api/billing/payment-method', { signal }));

export const paymentMethodQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.paymentMethod, queryFn: ({ signal }) => getPaymentMethod(signal) });

export const usePaymentMethod = () => useQuery(paymentMethodQueryOptions());
