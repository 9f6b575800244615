import { answer, api } from '@client/lib/api';
import { setUser } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';

// Accepting an invitation with Microsoft (docs/decisions/094-sign-in-with-microsoft.md): to Microsoft with
// the invitation's token (the server seals it into the sign-in), back to the join page, then the join.

/** POST /api/auth/microsoft/start for the invitation `token`: where the browser goes. */
const start = (token: string) =>
  answer(api.POST('/api/auth/microsoft/start', { body: { intent: 'join', invitation: token } }));

/** POST /api/auth/microsoft/join: the Microsoft account just verified registers, joins and signs in. */
const join = () => answer(api.POST('/api/auth/microsoft/join'));

export function useStartJoinWithMicrosoft() {
  return useMutation({ mutationFn: start, onSuccess: ({ url }) => window.location.assign(url) });
}

export function useJoinWithMicrosoft({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: join,
    onSuccess: (user) => {
      setUser(queryClient, user);
      toast({ title: `Welcome to ${user.practice?.name ?? 'your practice'}!` });
      onDone();
    },
  });
}
