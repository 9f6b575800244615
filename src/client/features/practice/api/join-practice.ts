import { answer, api } from '@client/lib/api';
import type { JoinResponse } from '@shared/schemas/practice';
import { useQuery } from '@tanstack/react-query';
import { usePracticeChange } from './use-practice-change';

/** POST /api/practice/invitations/preview: what a link invites to (open to visitors). */
const previewInvitation = (token: string, signal?: AbortSignal) =>
  answer(api.POST('/api/practice/invitations/preview', { body: { token }, signal }));

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => previewInvitation(token, signal),
    enabled: token !== '',
  });

/** POST /api/practice/join: joins with the invitation's link. */
const joinPractice = ({ token }: { token: string }) =>
  answer(api.POST('/api/practice/join', { body: { token } }));

export const useJoinPractice = (opts?: { onDone?: (answer: JoinResponse) => void }) =>
  usePracticeChange(
    joinPractice,
    { success: (_, answer) => `Welcome to ${answer.practice.name}!`, failure: 'Could not join the practice' },
    opts,
  );
