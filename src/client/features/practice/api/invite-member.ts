import { answer, api } from '@client/lib/api';
import type { InvitationRequest } from '@shared/schemas/practice';
import { usePracticeChange } from './use-practice-change';

/** POST /api/practice/invitations: mails a link to join, holding a seat until it is taken. */
const inviteMember = (invitation: InvitationRequest) =>
  answer(api.POST('/api/practice/invitations', { body: invitation }));

export const useInviteMember = (opts?: { onDone?: () => void }) =>
  usePracticeChange(
    inviteMember,
    { success: ({ email }) => `Invitation sent to ${email}`, failure: 'Failed to send the invitation' },
    opts,
  );
