import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { setUser } from '@client/lib/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/subscription/sync: the server reads the subscription from Stripe now, rather than wait for the webhook. */
const syncSubscription = () => answer(api.POST('/api/subscription/sync'));

export function useSyncSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncSubscription,
    onSuccess: async (user) => {
      setUser(queryClient, user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user.subscription, refetchType: 'none' });
    },
  });
}
