import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { Passkey } from '@shared/schemas/passkeys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/user/passkeys: the user's passkeys, oldest first. */
const getPasskeys = (signal?: AbortSignal) =>
  apiJson<Passkey[]>('GET', '/api/user/passkeys', undefined, signal);

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.passkeys, queryFn: ({ signal }) => getPasskeys(signal) });

export const usePasskeys = () => useQuery(passkeysQueryOptions());
