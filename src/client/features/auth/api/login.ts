import { answer, api } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { isChallenge } from '@client/lib/two-factor-types';
import type { LoginRequest, PublicUser } from '@shared/schemas/auth';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/login: a new session and the user, or (with a second factor) the step still to take. */
const login = (credentials: LoginRequest) => answer(api.POST('/api/login', { body: credentials }));

/** POST /api/login/2fa: the code that finishes a sign-in the password began. */
const loginSecondFactor = (code: string) => answer(api.POST('/api/login/2fa', { body: { code } }));

function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    setUser(queryClient, user);
    toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
  };
}

const failed = (error: Error) =>
  toast({ title: 'Login failed', description: error.message, variant: 'destructive' });

export function useLogin({ onChallenge }: { onChallenge: (challenge: TwoFactorRequired) => void }) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => (isChallenge(answer) ? onChallenge(answer) : signedIn(answer)),
    onError: failed,
  });
}

export function useLoginSecondFactor() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginSecondFactor, onSuccess: signedIn, onError: failed });
}
