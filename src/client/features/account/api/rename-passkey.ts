import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH /api/user/passkeys/:id: a new name. */
const renamePasskey = ({ id, name }: { id: number; name: string }) =>
  answer(api.PATCH('/api/user/passkeys/{id}', { params: { path: { id } }, body: { name } }));

export function useRenamePasskey({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: (passkey) => {
      onDone();
      toast({ title: 'Passkey renamed', description: `It is now called "${passkey.name}".` });
    },
    onError: (error) =>
      toast({
        title: 'Failed to rename the passkey',
        description: describeFailure(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.user.passkeys }),
  });
}
