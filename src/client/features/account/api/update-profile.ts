import { apiJson, describeFailure } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { ProfileUpdate } from '@shared/schemas/account';
import type { PublicUser } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH /api/user: a new username or email; the answer is the user as saved. */
const updateProfile = (profile: ProfileUpdate) => apiJson<PublicUser>('PATCH', '/api/user', profile);

export function useUpdateProfile({ onDone }: { onDone?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // The header's avatar and menu read the same cache entry.
      setUser(queryClient, user);
      toast({ title: 'Profile Updated', description: 'Your username and email have been saved.' });
      onDone?.(user);
    },
    onError: (error) => {
      toast({
        title: 'Failed to update profile',
        description: describeFailure(error),
        variant: 'destructive',
      });
    },
  });
}
