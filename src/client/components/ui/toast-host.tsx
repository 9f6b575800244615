import { useToastsEverShown } from '@client/lib/toast';
import { lazy, Suspense } from 'react';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the Radix toaster on the first toast, so pages that never toast never load it. */
export function ToastHost() {
  const needed = useToastsEverShown();
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
