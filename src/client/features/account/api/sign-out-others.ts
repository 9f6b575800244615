import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/user/sign-out-others: ends every session but this one; the answer counts them. */
const signOutOthers = () => answer(api.POST('/api/user/sign-out-others'));

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.user.security }),
    onSuccess: ({ count }) => {
      toast({
        title: 'Signed out of other devices',
        description:
          count === 0
            ? 'You were not signed in anywhere else.'
            : `Ended ${count} other ${count === 1 ? 'session' : 'sessions'}. This device stays signed in.`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Failed to sign out other devices',
        description: describeFailure(error),
        variant: 'destructive',
      });
    },
  });
}
