import { answer, api } from '@client/lib/api';
import { usePracticeChange } from './use-practice-change';

/** PATCH /api/practice: a new name (owner and admins). */
const renamePractice = ({ name }: { name: string }) => answer(api.PATCH('/api/practice', { body: { name } }));

export const useRenamePractice = (opts?: { onDone?: () => void }) =>
  usePracticeChange(
    renamePractice,
    { success: () => 'Practice renamed', failure: 'Failed to rename the practice' },
    opts,
  );
