import { apiJson } from '@client/lib/api';
import type { InvitationRequest, PracticeOverview } from '@shared/schemas/practice';
import { usePracticeChange } from './use-practice-change';

/** POST /api/practice/invitations: mails a link to join, holding a seat until it is taken. */
const inviteMember = (invitation: InvitationRequest) =>
  apiJson<PracticeOverview>('POST', '/api/practice/invitations', invitation);

export const useInviteMember = (opts?: { onDone?: () => void }) =>
  usePracticeChange(
    inviteMember,
    { success: ({ email }) => `Invitation sent to ${email}`, failure: 'Failed to send the invitation' },
    opts,
  );
