import { cn } from '@client/lib/utils';
import type { ComponentProps } from 'react';

const variants = {
  default: 'font-medium leading-none',
  /** Beside a checkbox or radio: reads as a sentence and may wrap. */
  choice: 'font-normal leading-snug',
} as const;

export function Label({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'label'> & { variant?: keyof typeof variants }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control.
    <label className={cn('text-sm text-slate-800', variants[variant], className)} {...props} />
  );
}
