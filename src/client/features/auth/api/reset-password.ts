import { answer, api } from '@client/lib/api';
import { userQueryOptions } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { PasswordResetConfirm } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * POST /api/password-reset/confirm: the new password, with the token from the mailed link. Answers the
 * second factors the account still has, for the person to check.
 */
const resetPassword = (body: PasswordResetConfirm) =>
  answer(api.POST('/api/password-reset/confirm', { body }));

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset ends every session of that user, possibly this browser's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
    onError: (error) => {
      toast({ title: 'Password reset failed', description: error.message, variant: 'destructive' });
    },
  });
}
