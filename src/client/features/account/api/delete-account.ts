import { paths } from '@client/config/paths';
import { answer, api, describeFailure } from '@client/lib/api';
import { useNavigation } from '@client/lib/navigation';
import { withReauth } from '@client/lib/reauth';
import { forgetUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { DeleteAccount } from '@shared/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * DELETE /api/user: erases the account, confirmed by its password; an account without one sends none
 * and is asked to 'Confirm it's you'.
 */
const deleteAccount = (body: DeleteAccount) => withReauth(() => answer(api.DELETE('/api/user', { body })));

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const { navigate } = useNavigation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // The toast first, as in logout.ts: the navigation home carries it to the next page.
      toast({ title: 'Account deleted', description: 'Your account and its data have been erased.' });
      // Home, then the user forgotten: the account page, seeing no user, would send the visitor to sign
      // in instead.
      await navigate(paths.home.getHref());
      forgetUser(queryClient);
    },
    onError: (error) => {
      toast({
        title: 'Failed to delete account',
        description: describeFailure(error),
        variant: 'destructive',
      });
    },
  });
}
