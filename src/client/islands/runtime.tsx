import { ToastHost } from '@client/components/ui/toast-host';
import { documentNavigation } from '@client/lib/navigation';
import { queryClient } from '@client/lib/query-client';
import { replayStashedToasts } from '@client/lib/toast';
import type { ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { IslandTree, islandIdPrefix } from './island-tree';

// Loaded with the first island that hydrates: React and what every island shares (one query cache, so
// the header and the plans ask for the session once; document navigation; the toasts).

const navigation = documentNavigation(window.location);

let toastsShown = false;
/** One toast host for the page, in its own root at the end of the body (toasts are page-wide). */
export function showToasts(): void {
  if (toastsShown) return;
  toastsShown = true;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <IslandTree queryClient={queryClient} navigation={navigation} onCommit={replayStashedToasts}>
      <ToastHost />
    </IslandTree>,
  );
}

/** Hydrates one island's prerendered HTML; resolves once React has taken it over. */
export function hydrateIsland(
  el: HTMLElement,
  name: string,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
): Promise<void> {
  showToasts();
  return new Promise((resolve) => {
    hydrateRoot(
      el,
      <IslandTree queryClient={queryClient} navigation={navigation} onCommit={resolve}>
        <Component {...props} />
      </IslandTree>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  });
}
