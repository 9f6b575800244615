import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/users/:id/end-sessions: signs the user out on every device (recorded, and mailed to them). */
const endUserSessions = (userId: number) =>
  answer(api.POST('/api/admin/users/{id}/end-sessions', { params: { path: { id: userId } } }));

export function useEndUserSessions({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: ({ message }, userId) => {
      // Their detail page lists sessions and events, which this just changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.user(userId) });
      toast({ title: 'Signed out everywhere', description: message });
      onDone();
    },
    onError: (error) =>
      toast({
        title: 'Failed to sign the user out',
        description: describeFailure(error),
        variant: 'destructive',
      }),
  });
}
