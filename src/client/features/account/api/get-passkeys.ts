import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user/passkeys: the user's passkeys, oldest first. */
const getPasskeys = (signal?: AbortSignal) => answer(api.GET('/api/user/passkeys', { signal }));

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.passkeys, queryFn: ({ signal }) => getPasskeys(signal) });

export const usePasskeys = () => useQuery(passkeysQueryOptions());
