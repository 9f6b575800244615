import { answer, api } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { PRODUCT_NAME } from '@shared/brand';
import type { RegisterRequest } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/register: a new account, signed in; the answer is the user. */
const register = (details: RegisterRequest) => answer(api.POST('/api/register', { body: details }));

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      setUser(queryClient, user);
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
