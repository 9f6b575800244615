import { answer, api, describeFailure } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { ChangePassword } from '@shared/schemas/account';
import { useMutation } from '@tanstack/react-query';

/** POST /api/user/change-password: also signs out every other device. */
const changePassword = (passwords: ChangePassword) =>
  answer(api.POST('/api/user/change-password', { body: passwords }));

export function useChangePassword({ onDone }: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({
        title: 'Password Changed',
        description: 'Your password has been changed, and your other devices have been signed out.',
      });
      onDone?.();
    },
    onError: (error) => {
      toast({
        title: 'Failed to change password',
        description: describeFailure(error),
        variant: 'destructive',
      });
    },
  });
}
