import { answer, api } from '@client/lib/api';
import { withReauth } from '@client/lib/reauth';
import { usePracticeChange } from './use-practice-change';

type Member = { userId: number; username: string };

/** PATCH /api/practice/members/:userId: another role (the owner only). */
const changeRole = ({ userId, role }: Member & { role: 'admin' | 'clinician' }) =>
  answer(api.PATCH('/api/practice/members/{userId}', { params: { path: { userId } }, body: { role } }));

export const useChangeRole = () =>
  usePracticeChange(changeRole, {
    success: ({ username, role }) => `${username} is now ${role === 'admin' ? 'an admin' : 'a clinician'}`,
    failure: 'Failed to change the role',
  });

/** DELETE /api/practice/members/:userId: the member leaves the practice (and is told by mail). */
const removeMember = ({ userId }: Member) =>
  answer(api.DELETE('/api/practice/members/{userId}', { params: { path: { userId } } }));

export const useRemoveMember = (opts?: { onDone?: () => void }) =>
  usePracticeChange(
    removeMember,
    {
      success: ({ username }) => `${username} was removed from the practice`,
      failure: 'Failed to remove the member',
    },
    opts,
  );

/** POST /api/practice/transfer: a sensitive action, so it may ask 'Confirm it's you' first. */
const transferPractice = ({ userId }: Member) =>
  withReauth(() => answer(api.POST('/api/practice/transfer', { body: { userId } })));

export const useTransferPractice = (opts?: { onDone?: () => void }) =>
  usePracticeChange(
    transferPractice,
    {
      success: ({ username }) => `${username} now owns the practice`,
      failure: 'Failed to hand the practice over',
    },
    opts,
  );

/** POST /api/practice/leave. */
const leavePractice = (_: undefined) => answer(api.POST('/api/practice/leave'));

export const useLeavePractice = (opts?: { onDone?: () => void }) =>
  usePracticeChange(
    leavePractice,
    { success: (_, answer) => answer.message, failure: 'Failed to leave the practice' },
    opts,
  );
