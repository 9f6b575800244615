import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { SecurityOverview } from '@shared/schemas/security';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user/security: the devices signed in (this one marked) and the account's recent events. */
const getSecurity = (signal?: AbortSignal) =>
  apiJson<SecurityOverview>('GET', '/api/user/security', undefined, signal);

export const securityQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.security, queryFn: ({ signal }) => getSecurity(signal) });

export const useSecurityOverview = () => useQuery(securityQueryOptions());
