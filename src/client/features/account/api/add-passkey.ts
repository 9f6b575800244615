import { answer, api } from '@client/lib/api';
import { createPasskey } from '@client/lib/passkey-ceremonies';
import { toastPasskeyNotAdded } from '@client/lib/passkey-errors';
import { queryKeys } from '@client/lib/query-keys';
import { withReauth } from '@client/lib/reauth';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OTHERS_SIGNED_OUT } from './two-factor';

/** Adds a passkey under its name: a sensitive action, which may ask for proof first. */
const addPasskey = ({ name }: { name: string }) =>
  withReauth(() =>
    createPasskey(
      () => answer(api.POST('/api/user/passkeys/registration-options')),
      (response) => answer(api.POST('/api/user/passkeys/registration', { body: { name, response } })),
    ),
  );

/** `first`: the passkey is the account's first second factor (the server signs out the other devices). */
export function useAddPasskey({ onDone, first }: { onDone: () => void; first: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: (passkey) => {
      onDone();
      toast({
        title: 'Passkey added',
        description: `You can now sign in with "${passkey.name}".${first ? ` ${OTHERS_SIGNED_OUT}` : ''}`,
      });
    },
    onError: toastPasskeyNotAdded,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user.passkeys }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user.security }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user.twoFactor }),
      ]),
  });
}
