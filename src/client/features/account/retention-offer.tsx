import { Button } from '@client/components/ui/button';
import { PRODUCT_NAME } from '@shared/brand';
import { RETENTION_DISCOUNT } from '@shared/constants';
import { discountedPrice, formatPounds, VAT_INCLUDED } from '@shared/plans';
import type { CancelRequest } from '@shared/schemas/billing';
import { BadgePercent } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSubscriptionAction } from './api/change-subscription';
import { CancellationReasonFields } from './cancellation-reason';
import { formatDate } from './format';
import { practiceMembersFollow } from './practice-members';

/** docs/architecture.md#states: pressing Cancel first offers 50% off for 3 months. */
export function RetentionOffer({
  headingRef,
  planPrice,
  onBack,
  onSettled,
  yearlyUntil,
  practiceMembers,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  planPrice: number;
  /** On a yearly plan the offer is monthly billing from the end of the year paid for (its date). */
  yearlyUntil: string | null;
  /** For a practice's owner, the others it covers (practice-members.ts). */
  practiceMembers: number;
  onBack: () => void;
  onSettled: () => void;
}) {
  const discount = useSubscriptionAction(yearlyUntil ? 'monthlyAtYearEnd' : 'discount', {
    onDone: onSettled,
  });
  const cancel = useSubscriptionAction('cancel', { onDone: onSettled });
  const busy = discount.isPending || cancel.isPending;
  const { percentOff, months } = RETENTION_DISCOUNT;
  const [asking, setAsking] = useState(false);
  const [why, setWhy] = useState<CancelRequest>({});
  const askHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (asking) askHeading.current?.focus();
  }, [asking]);

  if (asking)
    return (
      <section
        aria-labelledby="cancel-reason-heading"
        className="mt-6 grid gap-4 rounded-lg border border-slate-300 bg-white p-5"
      >
        <h3
          id="cancel-reason-heading"
          ref={askHeading}
          tabIndex={-1}
          className="rounded-sm text-lg font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Sorry to see you go
        </h3>
        <p className="text-sm text-slate-700">
          You keep access until the end of your billing period and won't be charged again.
          {practiceMembersFollow(practiceMembers, 'cancel')} Telling us why helps us make {PRODUCT_NAME}
          better.
        </p>
        <CancellationReasonFields value={why} onChange={setWhy} />
        <div className="flex flex-wrap gap-3">
          <Button variant="destructive" disabled={busy} onClick={() => cancel.mutate(why)}>
            {cancel.isPending ? 'Cancelling...' : 'Confirm Cancellation'}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={onBack}>
            Keep Subscription
          </Button>
        </div>
      </section>
    );

  return (
    <section
      aria-labelledby="retention-offer-heading"
      className="mt-6 rounded-lg border-2 border-indigo-600 bg-indigo-50 p-5"
    >
      <div className="flex items-start gap-3">
        <BadgePercent aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-indigo-700" />
        <div>
          <h3
            id="retention-offer-heading"
            ref={headingRef}
            tabIndex={-1}
            className="rounded-sm text-lg font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {yearlyUntil
              ? 'Before you go: pay monthly instead'
              : `Before you go: ${percentOff}% off for ${months} months`}
          </h3>
          {yearlyUntil ? (
            <p className="mt-1 text-sm text-slate-700">
              Keep your year, which is paid for, and from {formatDate(yearlyUntil)} pay{' '}
              {formatPounds(planPrice)} a month ({VAT_INCLUDED}) instead of a whole year, and cancel any
              month.
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-700">
              Stay with {PRODUCT_NAME} and pay {formatPounds(discountedPrice(planPrice))} a month instead of{' '}
              {formatPounds(planPrice)} ({VAT_INCLUDED}) for your next {months} months.
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => discount.mutate()}>
          {discount.isPending
            ? 'Applying...'
            : yearlyUntil
              ? `Pay Monthly from ${formatDate(yearlyUntil)}`
              : `Accept ${percentOff}% Discount`}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => setAsking(true)}>
          I still want to cancel
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onBack}>
          Go back
        </Button>
      </div>
    </section>
  );
}
