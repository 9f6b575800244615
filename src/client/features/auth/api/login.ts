import { apiJson } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { LoginRequest, PublicUser } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/login: a new session; the answer is the user. */
const login = (credentials: LoginRequest) => apiJson<PublicUser>('POST', '/api/login', credentials);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setUser(queryClient, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}
