import { createPasskey } from '@client/lib/passkey-ceremonies';
import { toastPasskeyNotAdded } from '@client/lib/passkey-errors';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import type { Passkey } from '@shared/schemas/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Adds a passkey under its name. */
const addPasskey = ({ name }: { name: string }) => createPasskey<Passkey>('/api/user/passkeys', name);

export function useAddPasskey({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: (passkey) => {
      onDone();
      toast({ title: 'Passkey added', description: `You can now sign in with "${passkey.name}".` });
    },
    onError: toastPasskeyNotAdded,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user.passkeys }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user.security }),
      ]),
  });
}
