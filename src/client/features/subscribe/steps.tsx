import { cn } from '@client/lib/utils';
import { Check } from 'lucide-react';

const STEPS = ['Select Plan', 'Payment', 'Start Using'] as const;

/** Spec section 2: Select Plan (done), Payment (current), Start Using. */
export function SubscribeSteps({ current }: { current: number }) {
  return (
    <ol aria-label="Subscription steps" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      {STEPS.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={label} aria-current={active ? 'step' : undefined} className="flex items-center gap-2">
            {index > 0 ? <span aria-hidden="true" className="h-px w-6 bg-slate-300 sm:w-10" /> : null}
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                done && 'border-indigo-600 bg-indigo-600 text-white',
                active && 'border-indigo-600 bg-white text-indigo-700 ring-2 ring-indigo-600/30',
                !done && !active && 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className={cn(active ? 'font-semibold text-slate-900' : 'text-slate-600')}>
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
              {active ? <span className="sr-only"> (current step)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
