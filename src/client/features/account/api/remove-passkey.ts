import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { withReauth } from '@client/lib/reauth';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/user/passkeys/:id: the passkey no longer signs in. Sensitive: it may ask for proof first. */
const removePasskey = (id: number) =>
  withReauth(() => answer(api.DELETE('/api/user/passkeys/{id}', { params: { path: { id } } })));

export function useRemovePasskey({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: ({ message }) => {
      onDone();
      toast({ title: 'Passkey removed', description: message });
    },
    onError: (error) =>
      toast({
        title: 'Failed to remove the passkey',
        description: describeFailure(error),
        variant: 'destructive',
      }),
    // Gone or not, the list should now say what is true.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user.passkeys }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user.security }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user.twoFactor }),
      ]),
  });
}
