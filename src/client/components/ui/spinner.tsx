import { cn } from '@client/lib/utils';
import { LoaderCircle } from 'lucide-react';

const layouts = {
  /** Sits in a line of content. */
  inline: 'inline-flex',
  /** Covers the viewport, header included. */
  fullScreen: 'fixed inset-0 z-50 flex bg-slate-50',
  /** Fills the content area below the header. */
  page: 'flex min-h-[60dvh] w-full',
} as const;

type SpinnerProps = { layout?: keyof typeof layouts; label?: string };

/** An announced busy indicator. Its accessible name is `label` ('Loading' unless told). */
export function Spinner({ layout = 'inline', label = 'Loading' }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={cn('items-center justify-center', layouts[layout])}>
      <LoaderCircle aria-hidden="true" className="size-8 text-indigo-600 motion-safe:animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** While a page cannot yet know what to show. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return <Spinner label={label} layout="fullScreen" />;
}
