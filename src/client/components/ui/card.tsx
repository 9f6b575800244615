import { cn } from '@client/lib/utils';
import type { ComponentProps } from 'react';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

const titleSizes = {
  default: 'text-xl',
  /** The card is the page (the password pages, admin login). */
  lg: 'text-2xl',
} as const;

/** A heading; pass `as` to keep the page's heading levels in order. */
export function CardTitle({
  className,
  as: Heading = 'h2',
  size = 'default',
  ...props
}: ComponentProps<'h2'> & { as?: 'h1' | 'h2' | 'h3'; size?: keyof typeof titleSizes }) {
  return (
    <Heading
      className={cn('font-semibold leading-tight tracking-tight', titleSizes[size], className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-slate-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}
