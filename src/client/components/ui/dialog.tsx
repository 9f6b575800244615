import { cn } from '@client/lib/utils';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A modal dialog: focus is trapped inside, the rest of the page is hidden from assistive technology,
 * Escape closes it and focus returns to the button that opened it.
 *
 * The backdrop is a plain element of ours, not Radix's Overlay: the Overlay locks page scrolling by
 * injecting an inline `<style>`, which our CSP (no inline styles) refuses. So the page behind can
 * still scroll; nothing else changes.
 */
export function DialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <div
        aria-hidden="true"
        className="fixed inset-0 z-50 bg-slate-900/50 motion-safe:animate-[fade-in_120ms_ease-out]"
      />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4',
          'rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl',
          'focus-visible:outline-none motion-safe:data-[state=open]:animate-[fade-in_150ms_ease-out]',
          className,
        )}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg font-semibold leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}

/** The dialog's buttons: the safe choice first on small screens' bottom row, the action last. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
