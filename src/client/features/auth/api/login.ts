import { ApiError, answer, api } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { isChallenge } from '@client/lib/two-factor-types';
import type { LoginRequest } from '@shared/schemas/auth';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { useMutation } from '@tanstack/react-query';
import { useSignedIn } from './signed-in';

/** POST /api/login: a new session and the user, or (with a second factor) the step still to take. */
const login = (credentials: LoginRequest) => answer(api.POST('/api/login', { body: credentials }));

/** POST /api/login/2fa: the code that finishes a sign-in the password began. */
const loginSecondFactor = (code: string) => answer(api.POST('/api/login/2fa', { body: { code } }));

const failed = (error: Error) =>
  toast({ title: 'Login failed', description: error.message, variant: 'destructive' });

/**
 * `linkMicrosoft`: the person brought a Microsoft account nobody has linked, to link once signed in.
 * `onMicrosoftRequired`: their practice signs its team in with Microsoft; its words go beside the
 * Microsoft button rather than in a passing toast.
 */
export function useLogin({
  onChallenge,
  onMicrosoftRequired,
  linkMicrosoft,
}: {
  onChallenge: (challenge: TwoFactorRequired) => void;
  onMicrosoftRequired: (message: string) => void;
  linkMicrosoft: boolean;
}) {
  const signedIn = useSignedIn(linkMicrosoft);
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => (isChallenge(answer) ? onChallenge(answer) : signedIn(answer)),
    onError: (error) =>
      error instanceof ApiError && error.details.microsoftRequired === true
        ? onMicrosoftRequired(error.serverMessage)
        : failed(error),
  });
}

export function useLoginSecondFactor(linkMicrosoft: boolean) {
  const signedIn = useSignedIn(linkMicrosoft);
  return useMutation({ mutationFn: loginSecondFactor, onSuccess: signedIn, onError: failed });
}
