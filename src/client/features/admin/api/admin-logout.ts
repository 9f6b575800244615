import { answer, api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/logout: ends the admin session (a user session in this browser stays). */
const adminLogout = () => answer(api.POST('/api/admin/logout'));

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogout,
    onSuccess: () => {
      // The admin shell sees the session end and returns to the login page.
      queryClient.setQueryData(adminQueryOptions().queryKey, null);
      queryClient.removeQueries({ queryKey: queryKeys.admin.all });
      toast({ title: 'Logged out', description: 'You have been logged out of the admin panel' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
