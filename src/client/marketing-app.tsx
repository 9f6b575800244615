import { PublicShell } from '@client/components/layout/public-shell';
import { ToastHost } from '@client/components/ui/toast-host';
import { type Navigation, NavigationProvider } from '@client/lib/navigation';
import { replayStashedToasts } from '@client/lib/toast';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode, useEffect } from 'react';

/** A marketing page outside the app's router: rendered at build time, then hydrated in the browser. */
export function MarketingApp({
  Page,
  navigation,
  queryClient,
}: {
  Page: ComponentType;
  navigation: Navigation;
  queryClient: QueryClient;
}) {
  // After hydration: a toast rendered before it would not match the prerendered HTML.
  useEffect(() => replayStashedToasts(), []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavigationProvider value={navigation}>
          <PublicShell>
            <Page />
          </PublicShell>
        </NavigationProvider>
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>
  );
}
