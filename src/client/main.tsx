import './styles.css';
import { ToastHost } from '@client/components/ui/toast-host';
import { queryClient } from '@client/lib/query-client';
import { replayStashedToasts } from '@client/lib/toast';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

replayStashedToasts();
// Nothing here is prerendered: there is no hydration to wait for (the browser tests read this).
document.documentElement.dataset.app = 'spa';
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>
  </StrictMode>,
);
