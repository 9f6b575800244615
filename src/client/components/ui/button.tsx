import { cn } from '@client/lib/utils';
import type { ComponentProps } from 'react';
import { Slot } from './slot';

const variants = {
  default: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  outline: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  link: 'text-indigo-700 underline-offset-4 hover:underline',
  /** An outlined button on a dark (indigo) background. */
  inverse: 'border border-white bg-transparent text-white hover:bg-white/10 focus-visible:ring-white',
} as const;

// Each size sets its own height, padding and text size: nothing in the base competes with them.
const sizes = {
  default: 'h-10 px-4 py-2 text-sm',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-11 px-8 text-base',
  icon: 'size-10 text-sm',
  /** No box of its own: a link-style button inside a sentence. */
  inline: 'text-sm',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Only for properties the button does not set itself (margins, width, display at a breakpoint). */
  className?: string;
} = {}): string {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2',
    variant !== 'inverse' && 'focus-visible:ring-indigo-500',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the child element (a link) with the button's look. */
  asChild?: boolean;
};

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild)
    return (
      <Slot
        className={buttonVariants({ variant, size, className })}
        {...(props as ComponentProps<typeof Slot>)}
      />
    );
  return (
    <button type={type ?? 'button'} className={buttonVariants({ variant, size, className })} {...props} />
  );
}
