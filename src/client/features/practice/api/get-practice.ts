import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/practice: the person's practice, its members, invitations and seats. */
const getPractice = (signal?: AbortSignal) => answer(api.GET('/api/practice', { signal }));

export const practiceQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user.practice, queryFn: ({ signal }) => getPractice(signal) });

/** Asked only of someone in a practice (the user object says so): anyone else has none to load. */
export const usePractice = (inPractice: boolean) =>
  useQuery({ ...practiceQueryOptions(), enabled: inPractice });
