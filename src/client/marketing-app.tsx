import { PublicShell } from '@client/components/layout/public-shell';
import { type Navigation, NavigationProvider } from '@client/lib/navigation';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';

/**
 * A marketing page outside the app's router, as the build prerenders it. In the browser only its
 * islands run (entry-marketing.ts), each with the same providers (islands/runtime.tsx).
 */
export function MarketingApp({
  Page,
  navigation,
  queryClient,
}: {
  Page: ComponentType;
  navigation: Navigation;
  queryClient: QueryClient;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavigationProvider value={navigation}>
          <PublicShell>
            <Page />
          </PublicShell>
        </NavigationProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
