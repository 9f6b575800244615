import { Button } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { RETENTION_DISCOUNT, type SubscriptionStatus } from '@shared/constants';
import type { SubscriptionDetails } from '@shared/schemas/billing';
import { CalendarClock, CircleAlert, Snowflake } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSubscriptionAction } from './api/change-subscription';
import { useBillingPortal } from './api/open-billing-portal';
import { formatDate } from './format';
import { accessUntilSentence } from './payment-action-banner';
import { practiceMembersFollow } from './practice-members';
import { RetentionOffer } from './retention-offer';
import { CancelDialog, FreezeDialog } from './subscription-dialogs';
import { UpdateCardDialog } from './update-card-dialog';

type ActionsProps = {
  details: SubscriptionDetails;
  status: SubscriptionStatus;
  /** The plan's full monthly price (before any discount). */
  planPrice: number;
  /** Moves focus to a stable place once an action has changed what is on screen. */
  onSettled: () => void;
};

/** docs/architecture.md#states: what the Subscription tab offers in each state. */
export function SubscriptionActions({ details, status, planPrice, onSettled }: ActionsProps) {
  if (status === 'inactive')
    return (
      <ActionRow>
        <Button asChild>
          <Link to={paths.pricing.getHref()}>Upgrade Plan</Link>
        </Button>
      </ActionRow>
    );
  if (status === 'canceled')
    return (
      <ActionRow>
        <Button asChild>
          <Link to={paths.pricing.getHref()}>Resubscribe Now</Link>
        </Button>
      </ActionRow>
    );
  if (!details.billingAvailable)
    return (
      <p className="mt-6 text-sm text-slate-600">
        Changes to your subscription are unavailable right now. Please try again later.
      </p>
    );
  if (details.cancelAtPeriodEnd) return <PendingCancellation details={details} onSettled={onSettled} />;
  if (status === 'past_due') return <PastDue details={details} onSettled={onSettled} />;
  if (status === 'paused') return <Paused details={details} onSettled={onSettled} />;
  return <ActiveActions details={details} planPrice={planPrice} onSettled={onSettled} />;
}

function ActionRow({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 flex flex-wrap gap-3">{children}</div>;
}

/** A notice that says what it is in words and with an icon, never by colour alone. */
function Notice({
  tone,
  icon: Icon,
  children,
}: {
  tone: 'info' | 'warning';
  icon: typeof CircleAlert;
  children: React.ReactNode;
}) {
  return (
    <div
      className={
        tone === 'warning'
          ? 'mt-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950'
          : 'mt-6 flex gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-indigo-950'
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-3 text-sm">{children}</div>
    </div>
  );
}

function PendingCancellation({
  details,
  onSettled,
}: {
  details: SubscriptionDetails;
  onSettled: () => void;
}) {
  const keep = useSubscriptionAction('keep', { onDone: onSettled });
  const endsOn = formatDate(details.currentPeriodEnd ?? details.trialEndsAt);
  return (
    <Notice tone="info" icon={CalendarClock}>
      <p>
        <strong className="font-semibold">Your subscription ends on {endsOn}.</strong> You keep full access
        until then, and you won't be charged again.
        {practiceMembersFollow(details.practiceMembers, 'cancelled')}
      </p>
      <div>
        <Button disabled={keep.isPending} onClick={() => keep.mutate()}>
          {keep.isPending ? 'Keeping...' : 'Keep Subscription'}
        </Button>
      </div>
    </Notice>
  );
}

/** A renewal unpaid: pay it, or (a member their practice covers, say) end the plan instead. */
function PastDue({ details, onSettled }: { details: SubscriptionDetails; onSettled: () => void }) {
  const portal = useBillingPortal();
  // The bank wants the person to confirm the payment (SCA): that, not a new card, is what it needs.
  if (details.paymentActionUrl)
    return (
      <Notice tone="warning" icon={CircleAlert}>
        <p>
          <strong className="font-semibold">Your bank asks you to confirm this month's payment.</strong> It is
          not paid until you do. {accessUntilSentence(details)}
        </p>
        <div>
          <Button asChild>
            <a href={details.paymentActionUrl} target="_blank" rel="noopener noreferrer">
              Confirm payment
            </a>
          </Button>
        </div>
      </Notice>
    );
  return (
    <Notice tone="warning" icon={CircleAlert}>
      <p>
        <strong className="font-semibold">Warning: your last payment failed.</strong>{' '}
        {accessUntilSentence(details)} Update your card and we'll take the payment from it at once.
      </p>
      <div className="flex flex-wrap gap-3">
        <UpdateCardDialog />
        <Button
          variant="outline"
          disabled={portal.isPending || portal.isSuccess}
          onClick={() => portal.mutate()}
        >
          {portal.isPending ? 'Opening...' : 'Manage billing at Stripe'}
        </Button>
        <CancelDialog onSettled={onSettled} practiceMembers={details.practiceMembers} />
      </div>
    </Notice>
  );
}

function Paused({ details, onSettled }: { details: SubscriptionDetails; onSettled: () => void }) {
  const resume = useSubscriptionAction('resume', { onDone: onSettled });
  return (
    <Notice tone="info" icon={Snowflake}>
      <p>
        <strong className="font-semibold">
          Your subscription is frozen until {formatDate(details.pausedUntil)}.
        </strong>{' '}
        The note app is closed to you until it resumes, and you won't be charged while it is frozen. It
        resumes by itself on that date, or when you resume it.
        {practiceMembersFollow(details.practiceMembers, 'frozen')}
      </p>
      <div>
        <Button disabled={resume.isPending} onClick={() => resume.mutate()}>
          {resume.isPending ? 'Resuming...' : 'Resume Subscription'}
        </Button>
      </div>
    </Notice>
  );
}

function ActiveActions({
  details,
  planPrice,
  onSettled,
}: {
  details: SubscriptionDetails;
  planPrice: number;
  onSettled: () => void;
}) {
  const [offerOpen, setOfferOpen] = useState(false);
  const offerHeading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const showOffer = details.retentionOfferAvailable && !details.hasDiscount;

  useEffect(() => {
    if (offerOpen) offerHeading.current?.focus();
  }, [offerOpen]);

  if (offerOpen && showOffer)
    return (
      <RetentionOffer
        headingRef={offerHeading}
        planPrice={planPrice}
        yearlyUntil={details.retentionOffer === 'monthly_at_period_end' ? details.currentPeriodEnd : null}
        practiceMembers={details.practiceMembers}
        onBack={() => {
          setOfferOpen(false);
          // The offer replaced the buttons; put focus back where the visitor was.
          requestAnimationFrame(() => cancelButton.current?.focus());
        }}
        // The new state replaces the offer (a discount, or a pending cancellation).
        onSettled={onSettled}
      />
    );

  return (
    <>
      <ActionRow>
        <FreezeDialog
          onSettled={onSettled}
          yearly={details.billingInterval === 'year'}
          practiceMembers={details.practiceMembers}
        />
        {details.hasDiscount ? null : showOffer ? (
          <Button ref={cancelButton} variant="outline" onClick={() => setOfferOpen(true)}>
            Cancel Subscription
          </Button>
        ) : (
          <CancelDialog onSettled={onSettled} practiceMembers={details.practiceMembers} />
        )}
      </ActionRow>
      {details.hasDiscount ? (
        <section
          aria-labelledby="cancel-with-discount-heading"
          className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <h3 id="cancel-with-discount-heading" className="font-semibold text-slate-900">
            Cancel with Discount
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Your {RETENTION_DISCOUNT.percentOff}% discount is applied. If you cancel, you keep access until
            the end of your billing period and the discount ends with it.
          </p>
          <div className="mt-3">
            <CancelDialog onSettled={onSettled} practiceMembers={details.practiceMembers} />
          </div>
        </section>
      ) : null}
    </>
  );
}
