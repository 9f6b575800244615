import { toast } from '@client/lib/toast';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';

/** A destructive toast each time the query fails (docs/architecture.md#errors), described by the error's message. */
export function useFailureToast(query: UseQueryResult<unknown>, title: string): void {
  const { isError, error, errorUpdatedAt } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt marks a new failure.
  useEffect(() => {
    if (isError) toast({ title, description: error.message, variant: 'destructive' });
  }, [isError, errorUpdatedAt, title]);
}
