import { type Navigation, NavigationProvider } from '@client/lib/navigation';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';

/**
 * What an island is rendered in, alone, at build time and when the browser hydrates it: the same tree
 * both times, so React's generated ids (useId: labels, tabs, menus) are the same in the HTML and in the
 * browser. `onCommit` runs once React has taken the island over (effects run after hydration).
 */
export function IslandTree({
  queryClient,
  navigation,
  onCommit,
  children,
}: {
  queryClient: QueryClient;
  navigation: Navigation;
  onCommit?: () => void;
  children: ReactNode;
}) {
  useEffect(() => onCommit?.(), [onCommit]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavigationProvider value={navigation}>{children}</NavigationProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Each island's ids are its own: two islands hydrated apart must not both make the first id. */
export const islandIdPrefix = (name: string) => `${name}-`;
