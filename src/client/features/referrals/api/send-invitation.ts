import { apiJson, describeFailure } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { Invitation } from '@shared/schemas/referrals';
import { useMutation } from '@tanstack/react-query';

/** POST /api/referrals: mails a colleague the user's referral link. */
const sendInvitation = (invitation: Invitation) =>
  apiJson<{ message: string }>('POST', '/api/referrals', invitation);

export function useSendInvitation({ onDone }: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: sendInvitation,
    onSuccess: () => {
      toast({
        title: 'Invitation sent!',
        description: 'We have emailed your colleague your referral link.',
      });
      onDone?.();
    },
    onError: (error) => {
      toast({
        title: 'Failed to send invitation',
        description: describeFailure(error),
        variant: 'destructive',
      });
    },
  });
}
