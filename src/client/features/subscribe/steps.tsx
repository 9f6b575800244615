import { cn } from '@client/lib/utils';
import { Check } from 'lucide-react';

const STEPS = ['Select Plan', 'Payment', 'Start Using'] as const;

/**
 * docs/architecture.md#screens: Select Plan (done), Payment (current), Start Using. Each step's name sits under its
 * number, with a line to the next number between them, so the three keep to one row on the narrowest
 * phone (side by side, the names pushed the last step onto a second row, which began with a line).
 */
export function SubscribeSteps({ current }: { current: number }) {
  return (
    <ol aria-label="Subscription steps" className="flex max-w-lg items-start text-sm">
      {STEPS.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className={cn('flex items-start', index > 0 && 'flex-1')}
          >
            {index > 0 ? (
              <span aria-hidden="true" className="mx-2 mt-3.5 h-px min-w-4 flex-1 bg-slate-300" />
            ) : null}
            <span className="flex flex-col items-center gap-1.5 text-center">
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
            </span>
          </li>
        );
      })}
    </ol>
  );
}
