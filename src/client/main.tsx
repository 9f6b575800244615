import { ToastHost } from '@client/components/ui/toast-host';
import { queryClient } from '@client/lib/query-client';
import { replayStashedToasts } from '@client/lib/toast';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRoot } from './renderer';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

replayStashedToasts();

function start(container: HTMLElement) {
  delete container.dataset.shell;
  // The page is React's from here (the browser tests wait for this).
  document.documentElement.dataset.app = 'spa';
  const app = createRoot(container);
  // As a transition, React renders the first page in slices of a few milliseconds, yielding to the
  // browser between them, rather than in one long task that a tap on a slow phone would wait behind.
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <ToastHost />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// A signed-in page's HTML may hold its prerendered shell (app-shells.tsx): the reader sees it until the
// route's code and session are here, then the page, which replaces it at once. Without a shell, React
// starts now and shows the router's starting page meanwhile. Nothing is hydrated either way.
if (root.dataset.shell === undefined || router.state.initialized) start(root);
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start(root);
  });
}
