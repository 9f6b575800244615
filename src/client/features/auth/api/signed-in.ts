import { answer, api, describeFailure } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';

/**
 * POST /api/user/microsoft: links the Microsoft account this browser proved before the person signed in
 * another way (docs/decisions/094-sign-in-with-microsoft.md#a-member-who-has-not-linked-yet). Just signed
 * in, their proof is fresh: no 'Confirm it's you'. What the welcome then says of it; a failure is said,
 * and the sign-in stands.
 */
async function linkProvedMicrosoft(username: string) {
  try {
    const linked = await answer(api.POST('/api/user/microsoft'));
    return {
      title: 'Login successful',
      description: `Welcome back, ${username}! Your Microsoft account ${linked.username} is linked: from now on, 'Sign in with Microsoft' signs you in.`,
    };
  } catch (error) {
    return {
      title: 'Signed in, but Microsoft was not linked',
      description: describeFailure(error as Error),
      variant: 'destructive' as const,
    };
  }
}

/**
 * What every way of signing in does once it has: the user becomes the session's (the page then moves
 * on) and is welcomed; first, when `linkMicrosoft`, the Microsoft account the person brought is linked.
 * One toast says both: a page shows one at a time.
 */
export function useSignedIn(linkMicrosoft = false) {
  const queryClient = useQueryClient();
  return async (user: PublicUser) => {
    const welcome = linkMicrosoft
      ? await linkProvedMicrosoft(user.username)
      : { title: 'Login successful', description: `Welcome back, ${user.username}!` };
    setUser(queryClient, user);
    toast(welcome);
  };
}
