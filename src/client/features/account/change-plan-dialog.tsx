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
import { describeFailure } from '@client/lib/api';
import type { BillingInterval, PaidPlanId } from '@shared/constants';
import { findPlan, formatPounds, formatPrice, VAT_INCLUDED } from '@shared/plans';
import type { PlanChangePreview } from '@shared/schemas/billing';
import { useState } from 'react';
import { useChangePlan, usePlanChangePreview } from './api/change-plan';
import { formatDate } from './format';

/**
 * What the switch does to the money, in words: charged now, credited, or nothing (the trial, or
 * account credit that covers it), as Stripe's preview says (its amount due, after any credit). A switch
 * of interval starts a new period (docs/decisions/096-yearly-plans.md): what is charged is the new
 * period less the unused part of the old one, not "the rest of this billing period".
 */
function MoneyNow({ preview, intervalSwitch }: { preview: PlanChangePreview; intervalSwitch: boolean }) {
  if (preview.trial) return <p>You are in your free trial: nothing is charged now.</p>;
  const credit = formatPounds(preview.creditUsed);
  const charged = intervalSwitch
    ? `for a ${preview.interval} from today, less the unused part of this ${preview.interval === 'year' ? 'month' : 'year'}`
    : 'for the rest of this billing period on the new plan';
  if (preview.amountNow > 0)
    return (
      <p>
        <strong>{formatPounds(preview.amountNow)}</strong> ({VAT_INCLUDED}) is charged now to your card,{' '}
        {charged}
        {preview.creditUsed > 0 ? `, after ${credit} of your account credit` : ''}. Your bank may ask you to
        confirm it.
      </p>
    );
  if (preview.amountNow < 0)
    return (
      <p>
        <strong>{formatPounds(-preview.amountNow)}</strong> ({VAT_INCLUDED}) is credited to your account,
        {intervalSwitch ? ' for the unused part of your year.' : ' for the rest of this billing period.'}{' '}
        <CreditUse credit={-preview.amountNow} preview={preview} />
      </p>
    );
  if (preview.creditUsed > 0)
    return <p>Nothing is charged now: your account credit of {credit} covers it.</p>;
  return <p>Nothing is charged now.</p>;
}

/**
 * When a credit is used, which on a yearly plan can be a year away: it comes off the next payment, and what
 * it does not cover is paid then; a credit larger than that payment carries on to the ones after.
 * Account credit is used on invoices only, never paid back to the card.
 */
function CreditUse({ credit, preview }: { credit: number; preview: PlanChangePreview }) {
  const when = preview.nextPaymentAt ? ` on ${formatDate(preview.nextPaymentAt)}` : '';
  const next = formatPounds(preview.nextAmount);
  if (credit >= preview.nextAmount)
    return (
      <>
        It pays your next payment{when} ({next}) in full, and what is left comes off the payments after it.
      </>
    );
  return (
    <>
      It comes off your next payment{when}: of {next}, you pay {formatPounds(preview.nextAmount - credit)}.
    </>
  );
}

/** What the switch is, before what it costs: the money itself is MoneyNow's, which knows the trial. */
function switchDescription(intervalSwitch: boolean, interval: BillingInterval): string {
  if (!intervalSwitch) return 'Your plan changes at once. Here is what it means for your bill.';
  return interval === 'year'
    ? 'You pay once a year instead of every month, at ten months’ price. Here is what it means for your bill.'
    : 'You pay every month instead of once a year. Here is what it means for your bill.';
}

/**
 * 'Switch to Practice' / 'Switch to Plus', or (`intervalSwitch`) 'Switch to yearly billing' / 'Switch to
 * monthly billing': the dialog asks Stripe what the switch costs now and shows it before anything moves
 * (docs/architecture.md#practices, docs/decisions/096-yearly-plans.md).
 */
export function ChangePlanDialog({
  planId,
  interval,
  intervalSwitch = false,
  blockedBecause = null,
  initiallyOpen = false,
}: {
  planId: PaidPlanId;
  interval: BillingInterval;
  intervalSwitch?: boolean;
  /**
   * Why this switch cannot be made now (frozen, a moved renewal, the retention discount), said beside
   * the button instead of a dialog that could only answer the server's 409.
   */
  blockedBecause?: string | null;
  /** Opened from the pricing page's 'Switch to ...' link. */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen && !blockedBecause);
  const name = intervalSwitch
    ? `${interval === 'year' ? 'yearly' : 'monthly'} billing`
    : (findPlan(planId)?.name ?? planId);
  const preview = usePlanChangePreview(planId, interval, open);
  // While the bank's check runs, Stripe.js shows its own modal: this dialog steps back (not modal) so
  // that the check can take focus and clicks.
  const [bankCheck, setBankCheck] = useState(false);
  const change = useChangePlan({
    onDone: () => setOpen(false),
    onBankCheck: setBankCheck,
    intervalSwitch,
  });
  const reasonId = `switch-blocked-${planId}-${interval}`;
  if (blockedBecause)
    return (
      <p className="text-sm text-slate-700">
        <Button variant="outline" disabled aria-describedby={reasonId}>
          Switch to {name}
        </Button>{' '}
        <span id={reasonId}>{blockedBecause}</span>
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
        <DialogDescription>{switchDescription(intervalSwitch, interval)}</DialogDescription>
        {preview.isPending ? (
          <div role="status" aria-label="Working out the cost" className="grid gap-2">
            <div className="h-4 w-3/4 rounded bg-slate-200 motion-safe:animate-pulse" />
            <div className="h-4 w-1/2 rounded bg-slate-100 motion-safe:animate-pulse" />
          </div>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {describeFailure(preview.error)}
          </p>
        ) : (
          <div className="grid gap-2 text-sm text-slate-800">
            <MoneyNow preview={preview.data} intervalSwitch={intervalSwitch} />
            <p>
              Then {formatPrice(preview.data.nextAmount, preview.data.interval)}
              {preview.data.nextPaymentAt ? `, next on ${formatDate(preview.data.nextPaymentAt)}` : ''}.
            </p>
          </div>
        )}
        {change.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {describeFailure(change.error)}
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
            onClick={() =>
              preview.data &&
              change.mutate({
                planId,
                interval: preview.data.interval,
                quote: preview.data.quote ?? undefined,
              })
            }
          >
            {bankCheck ? 'Waiting for your bank...' : change.isPending ? 'Switching...' : 'Confirm switch'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
