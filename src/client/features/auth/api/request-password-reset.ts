import { answer, api } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { PasswordResetRequest } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';

/** POST /api/password-reset/request: mails a reset link. The answer never says whether the address has an account. */
const requestPasswordReset = (body: PasswordResetRequest) =>
  answer(api.POST('/api/password-reset/request', { body }));

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => {
      toast({
        title: 'An error occurred',
        description: error.message || 'Something went wrong',
        variant: 'destructive',
      });
    },
  });
}
