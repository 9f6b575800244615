import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { ApiError, describeFailure } from '@client/lib/api';
import type { PaidPlanId } from '@shared/constants';
import { findPlan, formatMonthly, formatPounds, VAT_INCLUDED } from '@shared/plans';
import type { PlanChangePreview } from '@shared/schemas/billing';
import { useState } from 'react';
import { useChangePlan, usePlanChangePreview } from './api/change-plan';
import { formatDate } from './format';

/**
 * What the switch does to the money, in words: charged now, credited, or nothing (the trial, or
 * account credit that covers it), as Stripe's preview says (its amount due, after any credit).
 */
function MoneyNow({ preview }: { preview: PlanChangePreview }) {
  if (preview.trial) return <p>You are in your free trial: nothing is charged now.</p>;
  const credit = formatPounds(preview.creditUsed);
  if (preview.amountNow > 0)
    return (
      <p>
        <strong>{formatPounds(preview.amountNow)}</strong> ({VAT_INCLUDED}) is charged now to your card, for
        the rest of this billing period on the new plan
        {preview.creditUsed > 0 ? `, after ${credit} of your account credit` : ''}. Your bank may ask you to
        confirm it.
      </p>
    );
  if (preview.amountNow < 0)
    return (
      <p>
        <strong>{formatPounds(-preview.amountNow)}</strong> ({VAT_INCLUDED}) is credited to your next invoice,
        for the rest of this billing period.
      </p>
    );
  if (preview.creditUsed > 0)
    return <p>Nothing is charged now: your account credit of {credit} covers it.</p>;
  return <p>Nothing is charged now.</p>;
}

/**
 * 'Switch to Practice' / 'Switch to Plus': the dialog asks Stripe what the switch costs now and shows
 * it before anything moves (docs/architecture.md#practices).
 */
export function ChangePlanDialog({
  planId,
  frozen,
  initiallyOpen = false,
}: {
  planId: PaidPlanId;
  frozen: boolean;
  /** Opened from the pricing page's 'Switch to ...' link. */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen && !frozen);
  const name = findPlan(planId)?.name ?? planId;
  const preview = usePlanChangePreview(planId, open);
  // While the bank's check runs, Stripe.js shows its own modal: this dialog steps back (not modal) so
  // that the check can take focus and clicks.
  const [bankCheck, setBankCheck] = useState(false);
  const change = useChangePlan({ onDone: () => setOpen(false), onBankCheck: setBankCheck });
  if (frozen)
    return (
      <p className="text-sm text-slate-700">
        <Button variant="outline" disabled aria-describedby="switch-frozen">
          Switch to {name}
        </Button>{' '}
        <span id="switch-frozen">Resume your subscription first.</span>
      </p>
    );
  return (
    <Dialog
      open={open}
      modal={!bankCheck}
      onOpenChange={(next) => {
        if (change.isPending) return;
        change.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Switch to {name}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Switch to {name}?</DialogTitle>
        <DialogDescription>Your plan changes at once. Here is what it means for your bill.</DialogDescription>
        {preview.isPending ? (
          <div role="status" aria-label="Working out the cost" className="grid gap-2">
            <div className="h-4 w-3/4 rounded bg-slate-200 motion-safe:animate-pulse" />
            <div className="h-4 w-1/2 rounded bg-slate-100 motion-safe:animate-pulse" />
          </div>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {preview.error instanceof ApiError ? preview.error.serverMessage : describeFailure(preview.error)}
          </p>
        ) : (
          <div className="grid gap-2 text-sm text-slate-800">
            <MoneyNow preview={preview.data} />
            <p>
              Then {formatMonthly(preview.data.nextAmount)}
              {preview.data.nextPaymentAt ? `, next on ${formatDate(preview.data.nextPaymentAt)}` : ''}.
            </p>
          </div>
        )}
        {change.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {change.error instanceof ApiError ? change.error.serverMessage : describeFailure(change.error)}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={change.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            disabled={!preview.isSuccess || change.isPending}
            onClick={() => preview.data && change.mutate({ planId, quote: preview.data.quote ?? undefined })}
          >
            {bankCheck ? 'Waiting for your bank...' : change.isPending ? 'Switching...' : 'Confirm switch'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
