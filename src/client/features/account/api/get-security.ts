import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user/security: the devices signed in (this one marked) and the account's recent events. */
const getSecurity = (signal?: AbortSignal) => answer(api.GET('/api/user/security', { signal }));

export const securityQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.security, queryFn: ({ signal }) => getSecurity(signal) });

export const useSecurityOverview = () => useQuery(securityQueryOptions());
