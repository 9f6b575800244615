import { cn } from '@client/lib/utils';
import { LoaderCircle } from 'lucide-react';

type SpinnerProps = { className?: string; label?: string };

/** An announced busy indicator. Its accessible name is `label` ('Loading' unless told). */
export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn('inline-flex items-center justify-center', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-8 text-indigo-600 motion-safe:animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Covers the viewport, header included, while a page cannot yet know what to show. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="fixed inset-0 z-50 bg-slate-50" />;
}

/** Fills the content area below the header while a page's code loads. */
export function PageSpinner() {
  return <Spinner className="flex min-h-[60dvh] w-full" />;
}
