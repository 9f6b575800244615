import { paths } from '@client/config/paths';
import { apiJson, apiRequest } from '@client/lib/api';
import { useNavigation } from '@client/lib/navigation';
import { toast } from '@client/lib/toast';
import { PRODUCT_NAME } from '@shared/brand';
import type { LoginRequest, PublicUser, RegisterRequest } from '@shared/schemas/auth';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY, useCurrentUser } from './current-user';

// The session query lives in its own module: the header needs it on every page, the mutations below
// (and TanStack's mutation code) only load where someone signs in or out.
export { USER_QUERY_KEY, useCurrentUser } from './current-user';

// Caches that hold nothing about the signed-in user, so they survive a logout. The admin session is
// separate (spec section 4) and is not ended by a user logout.
const SESSION_INDEPENDENT = ['/api/subscription-plans', '/api/config'];

function clearUserData(queryClient: QueryClient): void {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  queryClient.removeQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return key !== USER_QUERY_KEY[0] && !SESSION_INDEPENDENT.includes(key) && !key.startsWith('/api/admin');
    },
  });
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiJson<PublicUser>('POST', '/api/login', credentials),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: RegisterRequest) => apiJson<PublicUser>('POST', '/api/register', details),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({
        title: 'Registration successful',
        description: `Welcome to ${PRODUCT_NAME}, ${user.username}!`,
      });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  const { navigate, kind } = useNavigation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: async () => {
      // In the app: home first, then the user cleared (a protected page that saw the session end first
      // would send the visitor to sign in instead). A prerendered marketing page is public: stay.
      if (kind === 'router') await navigate(paths.home.getHref());
      clearUserData(queryClient);
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function useAuth() {
  const { user, isLoading, error } = useCurrentUser();
  const loginMutation = useLoginMutation();
  const registerMutation = useRegisterMutation();
  const logoutMutation = useLogoutMutation();
  return { user, isLoading, error, loginMutation, registerMutation, logoutMutation };
}
