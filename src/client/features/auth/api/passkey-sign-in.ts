import { answer, api } from '@client/lib/api';
import { provePasskey } from '@client/lib/passkey-ceremonies';
import { describePasskeyFailure } from '@client/lib/passkey-errors';
import { toast } from '@client/lib/toast';
import { useMutation } from '@tanstack/react-query';
import { useSignedIn } from './signed-in';

/** Signs in with a passkey and no password (or finishes a sign-in the password began). */
const passkeySignIn = () =>
  provePasskey(
    () => answer(api.POST('/api/login/passkey/options')),
    (response) => answer(api.POST('/api/login/passkey', { body: { response } })),
  );

/** `linkMicrosoft`: as for the password (api/login.ts). */
export function usePasskeySignIn(linkMicrosoft: boolean) {
  const signedIn = useSignedIn(linkMicrosoft);
  return useMutation({
    mutationFn: passkeySignIn,
    onSuccess: signedIn,
    onError: (error) => {
      const description = describePasskeyFailure(error);
      // Closing the prompt is a choice, not a failure: nothing to say.
      if (description === null) return;
      toast({ title: 'Login failed', description, variant: 'destructive' });
    },
  });
}
