import { answer, api } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

/** POST /api/user/verify-email/resend: a fresh verification link to the user's email. */
const resendVerification = () => answer(api.POST('/api/user/verify-email/resend'));

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
