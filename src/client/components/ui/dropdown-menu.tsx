import { cn } from '@client/lib/utils';
import { DropdownMenu as Menu } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * Non-modal by default: a modal menu locks page scroll by injecting a <style> element, which the
 * Content-Security-Policy (no inline styles) refuses.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;

// Rendered in place rather than in a portal, so the open menu stays inside its landmark (header, nav);
// Radix positions it with position: fixed either way.
export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...props
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Content
      sideOffset={sideOffset}
      className={cn(
        'z-50 min-w-56 overflow-hidden rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg',
        'motion-safe:data-[state=open]:animate-[fade-in_120ms_ease-out]',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={cn(
        'relative flex cursor-default select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none',
        'data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 data-[disabled]:opacity-50',
        '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-500',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2 py-1.5 text-sm', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-slate-200', className)} {...props} />;
}
