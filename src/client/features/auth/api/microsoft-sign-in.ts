import { answer, api } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { isChallenge } from '@client/lib/two-factor-types';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { useMutation } from '@tanstack/react-query';
import { useSignedIn } from './signed-in';

/** POST /api/auth/microsoft/start: where the browser goes to sign in at Microsoft. */
const start = (returnTo: string | undefined) =>
  answer(api.POST('/api/auth/microsoft/start', { body: { intent: 'sign-in', returnTo } }));

/** POST /api/auth/microsoft/sign-in: the Microsoft account just verified signs in, if it is linked. */
const signIn = () => answer(api.POST('/api/auth/microsoft/sign-in'));

const failed = (error: Error) =>
  toast({ title: 'Sign in with Microsoft failed', description: error.message, variant: 'destructive' });

export function useStartMicrosoftSignIn() {
  return useMutation({
    mutationFn: start,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: failed,
  });
}

/** Once Microsoft sent the person back: signed in, a second factor still to give, or not linked. */
export function useMicrosoftSignIn({
  onChallenge,
  onUnlinked,
}: {
  onChallenge: (challenge: TwoFactorRequired) => void;
  onUnlinked: (username: string) => void;
}) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if ('microsoftUnlinked' in result) return onUnlinked(result.username);
      if (isChallenge(result)) return onChallenge(result);
      return signedIn(result);
    },
    onError: failed,
  });
}
