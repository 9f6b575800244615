import { apiJson } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { AdminLoginRequest, PublicAdmin } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryOptions } from './get-admin';

/** POST /api/admin/login: a new admin session; the answer is the admin. */
const adminLogin = (credentials: AdminLoginRequest) =>
  apiJson<PublicAdmin>('POST', '/api/admin/login', credentials);

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (admin) => {
      queryClient.setQueryData(adminQueryOptions().queryKey, admin);
      toast({ title: 'Admin login successful', description: `Welcome back, ${admin.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Admin login failed', description: error.message, variant: 'destructive' });
    },
  });
}
