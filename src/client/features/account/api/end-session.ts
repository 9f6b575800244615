import { answer, api, describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/user/sessions/:id: signs one device out. */
const endSession = (id: string) =>
  answer(api.DELETE('/api/user/sessions/{id}', { params: { path: { id } } }));

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: ({ message }) => toast({ title: 'Device signed out', description: message }),
    onError: (error) =>
      toast({
        title: 'Failed to sign out that device',
        description: describeFailure(error),
        variant: 'destructive',
      }),
    // Gone or not, the list should now say what is true.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.user.security }),
  });
}
