import { dismissToast, useToasts } from '@client/lib/toast';
import { cn } from '@client/lib/utils';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast } from 'radix-ui';

// docs/architecture.md#constants: shown 5000 ms, swiped away to the right past 50 px.
export default function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => {
        const destructive = t.variant === 'destructive';
        const Icon = destructive ? CircleAlert : CircleCheck;
        return (
          <Toast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            type={destructive ? 'foreground' : 'background'}
            data-variant={destructive ? 'destructive' : 'default'}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg',
              'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
              'motion-safe:data-[state=open]:animate-[toast-in_200ms_ease-out] motion-safe:data-[state=closed]:animate-[toast-out_150ms_ease-in_forwards]',
              'motion-safe:data-[swipe=end]:animate-[toast-swipe-out_150ms_ease-out_forwards]',
              destructive
                ? 'border-red-700 bg-red-600 text-white'
                : 'border-slate-200 bg-white text-slate-900',
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn('mt-0.5 size-5 shrink-0', destructive ? 'text-white' : 'text-emerald-600')}
            />
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
              {t.description ? (
                <Toast.Description className={cn('text-sm', destructive ? 'text-white' : 'text-slate-600')}>
                  {t.description}
                </Toast.Description>
              ) : null}
            </div>
            <Toast.Close
              aria-label="Close"
              className={cn(
                'absolute top-2 right-2 rounded-md p-1 focus-visible:outline-none focus-visible:ring-2',
                destructive
                  ? 'text-red-50 hover:bg-red-700 focus-visible:ring-white'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-indigo-500',
              )}
            >
              <X aria-hidden="true" className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
