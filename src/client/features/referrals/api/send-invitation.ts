import { answer, api, describeFailure } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { Invitation } from '@shared/schemas/referrals';
import { useMutation } from '@tanstack/react-query';

/** POST /api/referrals: mails a colleague the user's referral link. */
const sendInvitation = (invitation: Invitation) => answer(api.POST('/api/referrals', { body: invitation }));

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
