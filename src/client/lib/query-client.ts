import { QueryClient } from '@tanstack/react-query';

// docs/architecture.md#api-calls: data is never stale, never refetched on focus or by interval, and nothing is retried.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's one cache. (The build's prerender makes a fresh one per page.) */
export const queryClient = createQueryClient();
