import { apiJson } from '@client/lib/api';
import type { InvitationPreview, JoinResponse } from '@shared/schemas/practice';
import { useQuery } from '@tanstack/react-query';
import { usePracticeChange } from './use-practice-change';

/** POST /api/practice/invitations/preview: what a link invites to (open to visitors). */
const previewInvitation = (token: string, signal?: AbortSignal) =>
  apiJson<InvitationPreview>('POST', '/api/practice/invitations/preview', { token }, signal);

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => previewInvitation(token, signal),
    enabled: token !== '',
  });

/** POST /api/practice/join: joins with the invitation's link. */
const joinPractice = ({ token }: { token: string }) =>
  apiJson<JoinResponse>('POST', '/api/practice/join', { token });

export const useJoinPractice = (opts?: { onDone?: (answer: JoinResponse) => void }) =>
  usePracticeChange(
    joinPractice,
    { success: (_, answer) => `Welcome to ${answer.practice.name}!`, failure: 'Could not join the practice' },
    opts,
  );
