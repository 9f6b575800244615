import { answerAndResponse, api, describeFailure } from '@client/lib/api';
import { withReauth } from '@client/lib/reauth';
import { toast } from '@client/lib/toast';
import { useMutation } from '@tanstack/react-query';

/**
 * GET /api/user/export: everything held about the user, as a JSON file. Fetched rather than linked: it is
 * a sensitive action (docs/architecture.md#identity), so it may first ask the person to confirm it is them.
 */
async function exportData(): Promise<void> {
  const { data, response } = await withReauth(() =>
    answerAndResponse(api.GET('/api/user/export', { parseAs: 'blob' })),
  );
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'chairnotes-my-data.json';
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function useExportData() {
  return useMutation({
    mutationFn: exportData,
    onError: (error) =>
      toast({
        title: 'Failed to download your data',
        description: describeFailure(error),
        variant: 'destructive',
      }),
  });
}
