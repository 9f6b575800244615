import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { PaymentMethod } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/billing/payment-method: the card Stripe charges, or null. */
const getPaymentMethod = (signal?: AbortSignal) =>
  apiJson<PaymentMethod>('GET', '/api/billing/payment-method', undefined, signal);

export const paymentMethodQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.paymentMethod, queryFn: ({ signal }) => getPaymentMethod(signal) });

export const usePaymentMethod = () => useQuery(paymentMethodQueryOptions());
