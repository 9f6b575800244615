import { answer, api, describeFailure } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { AdminList } from '@shared/schemas/audit';

/**
 * POST /api/admin/audit/exports: the admin is saving a list as CSV (made here, in the browser). Said
 * before the file is made, so no export goes unrecorded: true when recorded, a toast when not.
 */
export async function recordExport(list: AdminList, rows: number): Promise<boolean> {
  try {
    await answer(api.POST('/api/admin/audit/exports', { body: { list, rows } }));
    return true;
  } catch (error) {
    toast({ title: 'Export failed', description: describeFailure(error as Error), variant: 'destructive' });
    return false;
  }
}
