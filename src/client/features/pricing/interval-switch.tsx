import { cn } from '@client/lib/utils';

/**
 * The wrapper's group, and what the plan cards inside read: which interval is chosen is the state of a
 * radio, shown by CSS alone (`:has`), so both prices are in the HTML, nothing flashes, and '/' loads no
 * script for it (docs/decisions/096-yearly-plans.md).
 */
export const INTERVAL_GROUP = 'group/interval';
/** Shown while Monthly is chosen (the default). */
export const WHEN_MONTHLY = 'group-has-[#billing-year:checked]/interval:hidden';
/** Shown while Yearly is chosen. */
export const WHEN_YEARLY = 'hidden group-has-[#billing-year:checked]/interval:block';

const option =
  'cursor-pointer rounded-full px-5 py-2 text-sm font-semibold text-slate-700 has-[:checked]:bg-indigo-600 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600';

/** Monthly / Yearly, Monthly first; plain radios, so the keyboard moves between them with the arrows. */
export function IntervalSwitch({ className }: { className?: string }) {
  return (
    <fieldset className={cn('flex flex-col items-center gap-2', className)}>
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm">
        <label className={option}>
          <input
            type="radio"
            name="billing-interval"
            id="billing-month"
            value="month"
            defaultChecked
            className="sr-only"
          />
          Monthly
        </label>
        <label className={option}>
          <input type="radio" name="billing-interval" id="billing-year" value="year" className="sr-only" />
          Yearly
        </label>
      </div>
      <p className="text-sm font-medium text-indigo-700">Yearly: two months free</p>
    </fieldset>
  );
}
