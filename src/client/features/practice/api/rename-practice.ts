import { apiJson } from '@client/lib/api';
import type { PracticeOverview } from '@shared/schemas/practice';
import { usePracticeChange } from './use-practice-change';

/** PATCH /api/practice: a new name (owner and admins). */
const renamePractice = ({ name }: { name: string }) =>
  apiJson<PracticeOverview>('PATCH', '/api/practice', { name });

export const useRenamePractice = (opts?: { onDone?: () => void }) =>
  usePracticeChange(
    renamePractice,
    { success: () => 'Practice renamed', failure: 'Failed to rename the practice' },
    opts,
  );
