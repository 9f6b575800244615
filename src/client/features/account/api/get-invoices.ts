import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { Invoice } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/billing/invoices: newest first. */
const getInvoices = (signal?: AbortSignal) =>
  apiJson<Invoice[]>('GET', '/api/billing/invoices', undefined, signal);

export const invoicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.invoices, queryFn: ({ signal }) => getInvoices(signal) });

export const useInvoices = () => useQuery(invoicesQueryOptions());
