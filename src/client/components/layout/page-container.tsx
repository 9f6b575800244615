import { cn } from '@client/lib/utils';
import type { ComponentProps } from 'react';

/** The standard content width and padding of a page. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8', className)} {...props} />;
}
