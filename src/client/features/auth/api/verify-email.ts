import { answer, api } from '@client/lib/api';
import { userQueryOptions } from '@client/lib/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/user/verify-email: the token of a verification or email-change link. */
const verifyEmail = (token: string) => answer(api.POST('/api/user/verify-email', { body: { token } }));

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The user is now verified, has a new email, or (a change) was signed out here.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
