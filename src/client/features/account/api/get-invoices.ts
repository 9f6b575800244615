import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/billing/invoices: newest first. */
const getInvoices = (signal?: AbortSignal) => answer(api.GET('/api/billing/invoices', { signal }));

export const invoicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.invoices, queryFn: ({ signal }) => getInvoices(signal) });

export const useInvoices = () => useQuery(invoicesQueryOptions());
