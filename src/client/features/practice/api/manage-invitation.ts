import { answer, api } from '@client/lib/api';
import { usePracticeChange } from './use-practice-change';

type Target = { id: number; email: string };

/** DELETE /api/practice/invitations/:id: the link stops working and the seat is free again. */
const withdrawInvitation = ({ id }: Target) =>
  answer(api.DELETE('/api/practice/invitations/{id}', { params: { path: { id } } }));

export const useWithdrawInvitation = () =>
  usePracticeChange(withdrawInvitation, {
    success: ({ email }) => `Invitation to ${email} withdrawn`,
    failure: 'Failed to withdraw the invitation',
  });

/** POST /api/practice/invitations/:id/resend: a new link, valid for another week (the old one stops working). */
const resendInvitation = ({ id }: Target) =>
  answer(api.POST('/api/practice/invitations/{id}/resend', { params: { path: { id } } }));

export const useResendInvitation = () =>
  usePracticeChange(resendInvitation, {
    success: ({ email }) => `Invitation sent again to ${email}`,
    failure: 'Failed to resend the invitation',
  });
