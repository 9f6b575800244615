import { ToastHost } from '@client/components/ui/toast-host';
import { documentNavigation, NavigationProvider } from '@client/lib/navigation';
import { createQueryClient, queryClient } from '@client/lib/query-client';
import { replayStashedToasts } from '@client/lib/toast';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** What every island of a page is given: where it is (Astro knows the path when it renders). */
export type IslandPlace = { path: string };

let toastsShown = false;
/** One toast host for the page, in its own root at the end of the body (toasts are page-wide). */
export function showToasts(): void {
  if (toastsShown) return;
  toastsShown = true;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <ToastHost />
    </StrictMode>,
  );
  replayStashedToasts();
}

/**
 * A component of the client as an island of a marketing page (docs/decisions/080-marketing-pages-on-astro.md):
 * each island is its own React root, so each gets the providers the app would give it. In the browser
 * they share one query cache (the header and the plans ask for the session once) and the page's toasts.
 */
export function island<P extends object>(Component: ComponentType<P>) {
  function SiteIsland({ path, ...props }: P & IslandPlace) {
    const [client] = useState(() => (typeof window === 'undefined' ? createQueryClient() : queryClient));
    const navigation = useMemo(
      () =>
        documentNavigation(
          typeof window === 'undefined'
            ? { pathname: path }
            : { pathname: path, search: window.location.search, hash: window.location.hash },
        ),
      [path],
    );
    useEffect(showToasts, []);
    return (
      <StrictMode>
        <QueryClientProvider client={client}>
          <NavigationProvider value={navigation}>
            <Component {...(props as unknown as P)} />
          </NavigationProvider>
        </QueryClientProvider>
      </StrictMode>
    );
  }
  SiteIsland.displayName = `Island(${Component.displayName ?? Component.name})`;
  return SiteIsland;
}
