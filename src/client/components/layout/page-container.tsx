import { cn } from '@client/lib/utils';
import type { ComponentProps } from 'react';

const widths = {
  /** Grids of cards: pricing, dashboards. */
  wide: 'max-w-7xl',
  /** A page of prose with a few cards: the referral programme. */
  medium: 'max-w-4xl',
  /** A single column: forms, account pages. */
  narrow: 'max-w-3xl',
} as const;

const spacings = {
  default: 'py-12',
  /** Marketing pages, which open with a large heading. */
  roomy: 'py-16',
  /** A short page alone on the screen (not found). */
  spacious: 'py-24',
} as const;

export type PageWidth = keyof typeof widths;

type PageContainerProps = ComponentProps<'div'> & {
  width?: PageWidth;
  spacing?: keyof typeof spacings;
};

/**
 * The standard content width and padding of a page. Width and vertical padding are props: a
 * `className` only adds other properties (text alignment, layout of the children).
 */
export function PageContainer({
  className,
  width = 'wide',
  spacing = 'default',
  ...props
}: PageContainerProps) {
  return (
    <div
      className={cn('mx-auto w-full px-4 sm:px-6 lg:px-8', widths[width], spacings[spacing], className)}
      {...props}
    />
  );
}
