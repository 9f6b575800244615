import { Textarea } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { CANCELLATION_COMMENT_MAX, CANCELLATION_REASON_IDS, CANCELLATION_REASONS } from '@shared/constants';
import type { CancelRequest } from '@shared/schemas/billing';
import { useId } from 'react';

/**
 * Why they are leaving, if they want to say (issue 17): one of Stripe's reasons and a comment, both
 * optional. Sent with the cancellation, passed to Stripe, and counted on the admin dashboard.
 */
export function CancellationReasonFields({
  value,
  onChange,
}: {
  value: CancelRequest;
  onChange: (next: CancelRequest) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Why are you leaving? (optional)</legend>
        {CANCELLATION_REASON_IDS.map((reason) => (
          <label key={reason} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-reason`}
              value={reason}
              checked={value.reason === reason}
              onChange={() => onChange({ ...value, reason })}
              className="size-4 accent-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            />
            {CANCELLATION_REASONS[reason]}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-comment`}>Anything you'd like to tell us? (optional)</Label>
        <Textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={CANCELLATION_COMMENT_MAX}
          value={value.comment ?? ''}
          onChange={(event) => onChange({ ...value, comment: event.target.value })}
        />
      </div>
    </div>
  );
}
