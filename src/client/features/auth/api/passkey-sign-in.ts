import { provePasskey } from '@client/lib/passkey-ceremonies';
import { describePasskeyFailure } from '@client/lib/passkey-errors';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Signs in with a passkey and no password (or finishes a sign-in the password began). */
const passkeySignIn = () => provePasskey<PublicUser>('/api/login/passkey');

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: passkeySignIn,
    onSuccess: (user) => {
      setUser(queryClient, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      const description = describePasskeyFailure(error);
      // Closing the prompt is a choice, not a failure: nothing to say.
      if (description === null) return;
      toast({ title: 'Login failed', description, variant: 'destructive' });
    },
  });
}
