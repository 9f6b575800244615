import { paths } from '@client/config/paths';
import { answer, api } from '@client/lib/api';
import { useNavigation } from '@client/lib/navigation';
import { forgetUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/logout: ends this browser's session (the admin's, a separate one, stays). */
const logout = () => answer(api.POST('/api/logout'));

export function useLogout() {
  const queryClient = useQueryClient();
  const { navigate, kind } = useNavigation();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // The toast first: home is a marketing page, a document of its own, and a navigation to it carries
      // the open toasts there (lib/navigation.tsx) and never returns.
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      // In the app: home, then the user cleared (a protected page that saw the session end first would
      // send the visitor to sign in instead). A marketing page is public: stay.
      if (kind === 'router') await navigate(paths.home.getHref());
      forgetUser(queryClient);
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
