import { cn } from '@client/lib/utils';
import { Fragment, type ReactNode } from 'react';

/** A placeholder bar for content on its way; size it as the content will be (`className`). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('rounded bg-slate-200 motion-safe:animate-pulse', className)} />
  );
}

/**
 * `count` placeholders drawn by `item`, then `children`, announced as `label` (a busy region rather than a
 * spinner: it stands where the content will be, at its size, so nothing moves when it comes).
 */
export function SkeletonList({
  label,
  count,
  item,
  className,
  children,
}: {
  label: string;
  count: number;
  item: (index: number) => ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" aria-label={label} className={cn('grid', className)}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <Fragment key={i}>{item(i)}</Fragment>
      ))}
      {children}
    </div>
  );
}

/**
 * In a line of text, a placeholder for a value on its way as wide as `sample` in that text's font (so the
 * line keeps its height), read to a screen reader as 'Loading'.
 */
export function SkeletonText({ sample }: { sample: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="rounded bg-slate-200 text-transparent select-none motion-safe:animate-pulse"
      >
        {sample}
      </span>
      <span className="sr-only">Loading</span>
    </>
  );
}
