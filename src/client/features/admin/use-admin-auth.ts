import { paths } from '@client/config/paths';
import { apiJson, apiRequest, sessionQueryFn } from '@client/lib/api';
import { safeRedirect } from '@client/lib/safe-redirect';
import { toast } from '@client/lib/toast';
import type { AdminLoginRequest, PublicAdmin } from '@shared/schemas/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const ADMIN_QUERY_KEY = ['/api/admin/user'] as const;

/** Only admin pages are followed after admin sign-in; the login page itself would loop. */
export function adminRedirectTarget(param: string | null): string {
  const target = safeRedirect(param, '');
  return target.startsWith(`${paths.admin.login.path}/`) ? target : paths.admin.dashboard.getHref();
}

/** The signed-in admin: a separate session from the user's (spec section 4); null on 401. */
export function useCurrentAdmin() {
  const query = useQuery<PublicAdmin | null>({
    queryKey: ADMIN_QUERY_KEY,
    queryFn: sessionQueryFn<PublicAdmin>('admin'),
  });
  return { admin: query.data ?? null, isLoading: query.isLoading };
}

export function useAdminLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: AdminLoginRequest) =>
      apiJson<PublicAdmin>('POST', '/api/admin/login', credentials),
    onSuccess: (admin) => {
      queryClient.setQueryData(ADMIN_QUERY_KEY, admin);
      toast({ title: 'Admin login successful', description: `Welcome back, ${admin.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Admin login failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function useAdminLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    onSuccess: () => {
      // The admin shell sees the session end and returns to the login page.
      queryClient.setQueryData(ADMIN_QUERY_KEY, null);
      queryClient.removeQueries({
        predicate: (query) => {
          const key = String(query.queryKey[0]);
          return key.startsWith('/api/admin/') && key !== ADMIN_QUERY_KEY[0];
        },
      });
      toast({ title: 'Logged out', description: 'You have been logged out of the admin panel' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}

export function useAdminAuth() {
  const { admin, isLoading } = useCurrentAdmin();
  const loginMutation = useAdminLoginMutation();
  const logoutMutation = useAdminLogoutMutation();
  return { admin, isLoading, loginMutation, logoutMutation };
}
