import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { withReauth } from '@client/lib/reauth';
import { toast } from '@client/lib/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The account's Microsoft account (docs/architecture.md#microsoft-sign-in): linking and unlinking change
// how it signs in, so each may ask 'Confirm it's you' first.

const MICROSOFT_KEY = ['user', 'microsoft'] as const;

const getLink = (signal?: AbortSignal) => answer(api.GET('/api/user/microsoft', { signal }));
/** POST /api/auth/microsoft/start: to Microsoft, to come back to the Security tab. */
const startLink = () =>
  withReauth(() => answer(api.POST('/api/auth/microsoft/start', { body: { intent: 'link' } })));
const finishLink = () => withReauth(() => answer(api.POST('/api/user/microsoft')));
const unlink = () => withReauth(() => answer(api.DELETE('/api/user/microsoft')));

export function useMicrosoftLink(enabled: boolean) {
  return useQuery({ queryKey: MICROSOFT_KEY, queryFn: ({ signal }) => getLink(signal), enabled });
}

export function useStartMicrosoftLink() {
  return useMutation({
    mutationFn: startLink,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: 'Failed to link Microsoft',
        description: describeFailure(error),
        variant: 'destructive',
      }),
  });
}

function useChange(title: string, failed: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => toast({ title }),
    onError: (error: Error) =>
      toast({ title: failed, description: describeFailure(error), variant: 'destructive' }),
    onSettled: async () => {
      // Back from Microsoft, the card's first read of the link may still be on its way, begun before the
      // link was made: invalidating would wait for that stale answer (a query with no data yet is not
      // refetched, only joined), so it is cancelled first and read again.
      await queryClient.cancelQueries({ queryKey: MICROSOFT_KEY });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MICROSOFT_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user.security }),
      ]);
    },
  };
}

export function useFinishMicrosoftLink() {
  return useMutation({
    mutationFn: finishLink,
    ...useChange('Microsoft account linked', 'Failed to link Microsoft'),
  });
}

export function useUnlinkMicrosoft() {
  return useMutation({
    mutationFn: unlink,
    ...useChange('Microsoft account unlinked', 'Failed to unlink Microsoft'),
  });
}
