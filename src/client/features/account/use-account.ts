import { paths } from '@client/config/paths';
import { USER_QUERY_KEY } from '@client/features/auth/current-user';
import { ApiError, apiJson } from '@client/lib/api';
import { useNavigation } from '@client/lib/navigation';
import { toast } from '@client/lib/toast';
import type { ChangePassword, DeleteAccount, ProfileUpdate } from '@shared/schemas/account';
import type { PublicUser } from '@shared/schemas/auth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

type Message = { message: string };

/** The server's answer as "<status>: <message>" (docs/decisions.md); otherwise the network failed. */
const describe = (error: Error) => (error instanceof ApiError ? error.message : 'Please try again later');

export function useUpdateProfile({ onDone }: { onDone?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdate) => apiJson<PublicUser>('PATCH', '/api/user', profile),
    onSuccess: (user) => {
      // The header's avatar and menu read the same cache entry.
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Profile Updated', description: 'Your username and email have been saved.' });
      onDone?.(user);
    },
    onError: (error) => {
      toast({ title: 'Failed to update profile', description: describe(error), variant: 'destructive' });
    },
  });
}

export function useChangePassword({ onDone }: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: (passwords: ChangePassword) =>
      apiJson<Message>('POST', '/api/user/change-password', passwords),
    onSuccess: () => {
      toast({
        title: 'Password Changed',
        description: 'Your password has been changed, and your other devices have been signed out.',
      });
      onDone?.();
    },
    onError: (error) => {
      toast({ title: 'Failed to change password', description: describe(error), variant: 'destructive' });
    },
  });
}

export function useSignOutOthers() {
  return useMutation({
    mutationFn: () => apiJson<Message & { count: number }>('POST', '/api/user/sign-out-others'),
    onSuccess: ({ count }) => {
      toast({
        title: 'Signed out of other devices',
        description:
          count === 0
            ? 'You were not signed in anywhere else.'
            : `Ended ${count} other ${count === 1 ? 'session' : 'sessions'}. This device stays signed in.`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Failed to sign out other devices',
        description: describe(error),
        variant: 'destructive',
      });
    },
  });
}

// Caches that hold nothing about the user (as in auth/use-auth.ts): everything else goes with the account.
const SESSION_INDEPENDENT = ['/api/subscription-plans', '/api/config'];

function forgetUser(queryClient: QueryClient): void {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  queryClient.removeQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return key !== USER_QUERY_KEY[0] && !SESSION_INDEPENDENT.includes(key) && !key.startsWith('/api/admin');
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const { navigate } = useNavigation();
  return useMutation({
    mutationFn: (body: DeleteAccount) => apiJson<Message>('DELETE', '/api/user', body),
    onSuccess: async () => {
      // Home first, then the user forgotten: the account page, seeing no user, would send the visitor
      // to sign in instead.
      await navigate(paths.home.getHref());
      forgetUser(queryClient);
      toast({ title: 'Account deleted', description: 'Your account and its data have been erased.' });
    },
    onError: (error) => {
      toast({ title: 'Failed to delete account', description: describe(error), variant: 'destructive' });
    },
  });
}
