import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

// Spec section 7: data is never stale, never refetched on focus or by interval, and nothing is retried.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
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
