import { describeFailure } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';
import type { PracticeOverview } from '@shared/schemas/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change to the practice, answered with the practice as it now is: the page shows that answer, the
 * user object (their role, the header's 'Practice' entry, the note app) is read again, and a toast says
 * what happened. `success` words the toast from the variables the change was called with.
 */
export function usePracticeChange<Variables, Answer extends PracticeOverview | { message: string }>(
  change: (variables: Variables) => Promise<Answer>,
  messages: { success: (variables: Variables, answer: Answer) => string; failure: string },
  { onDone }: { onDone?: (answer: Answer) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (answer, variables) => {
      if ('practice' in answer) queryClient.setQueryData(queryKeys.user.practice, answer);
      else queryClient.removeQueries({ queryKey: queryKeys.user.practice });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      toast({ title: messages.success(variables, answer) });
      onDone?.(answer);
    },
    onError: (error) => {
      toast({ title: messages.failure, description: describeFailure(error), variant: 'destructive' });
    },
  });
}
