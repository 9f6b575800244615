import { answer, api, describeFailure } from '@client/lib/api';
import { withReauth } from '@client/lib/reauth';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import type { ProfileUpdate, ProfileUpdateResponse } from '@shared/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * PATCH /api/user: a new username (saved at once) or email (with the current password, or, for an
 * account without one, after 'Confirm it's you'; it changes when the link mailed to it is opened,
 * which the answer's `message` says).
 */
const updateProfile = (profile: ProfileUpdate) =>
  withReauth(() => answer(api.PATCH('/api/user', { body: profile })));

export function useUpdateProfile({ onDone }: { onDone?: (answer: ProfileUpdateResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      const { message, ...user } = answer;
      // The header's avatar and menu read the same cache entry.
      setUser(queryClient, user);
      toast({
        title: 'Profile Updated',
        description: message ?? 'Your username and email have been saved.',
      });
      onDone?.(answer);
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
