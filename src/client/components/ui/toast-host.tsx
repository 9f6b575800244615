import { useToastsEverShown } from '@client/lib/toast';
import { lazy, Suspense } from 'react';

const Toaster = lazy(() => import('./toaster'));

/**
 * Mounts the Radix toaster on the first toast, so pages that never toast never load it. Until its code is
 * here a hidden marker stands in, so a check of the whole page (the browser tests' axe check) can wait for
 * the toast that is coming rather than read the page just before it slides in.
 */
export function ToastHost() {
  const needed = useToastsEverShown();
  if (!needed) return null;
  return (
    <Suspense fallback={<span hidden data-toaster-loading="" />}>
      <Toaster />
    </Suspense>
  );
}
