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
import { paths } from '@client/config/paths';
import { PRODUCT_NAME } from '@shared/brand';
import { FREEZE_DAYS, RETENTION_DISCOUNT, type SubscriptionStatus } from '@shared/constants';
import { discountedPrice, formatPounds, VAT_INCLUDED } from '@shared/plans';
import type { CancelRequest, SubscriptionDetails } from '@shared/schemas/billing';
import { BadgePercent, CalendarClock, CircleAlert, Snowflake } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSubscriptionAction } from './api/change-subscription';
import { useBillingPortal } from './api/open-billing-portal';
import { CancellationReasonFields } from './cancellation-reason';
import { formatDate } from './format';
import { accessUntilSentence } from './payment-action-banner';
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
  if (status === 'past_due') return <PastDue details={details} />;
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
      </p>
      <div>
        <Button disabled={keep.isPending} onClick={() => keep.mutate()}>
          {keep.isPending ? 'Keeping...' : 'Keep Subscription'}
        </Button>
      </div>
    </Notice>
  );
}

function PastDue({ details }: { details: SubscriptionDetails }) {
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
        <FreezeDialog onSettled={onSettled} />
        {details.hasDiscount ? null : showOffer ? (
          <Button ref={cancelButton} variant="outline" onClick={() => setOfferOpen(true)}>
            Cancel Subscription
          </Button>
        ) : (
          <CancelDialog onSettled={onSettled} />
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
            <CancelDialog onSettled={onSettled} />
          </div>
        </section>
      ) : null}
    </>
  );
}

function FreezeDialog({ onSettled }: { onSettled: () => void }) {
  return (
    <ConfirmActionDialog
      action="freeze"
      onSettled={onSettled}
      trigger={
        <Button variant="outline">
          <Snowflake aria-hidden="true" className="size-4" />
          Freeze Subscription
        </Button>
      }
      title="Freeze your subscription?"
      // What freezing means, before it is chosen: the note app, the money, the date (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
      description={`Your subscription pauses for ${FREEZE_DAYS} days. The note app is closed to you until it resumes, and you won't be charged while it is frozen. It resumes by itself on ${formatDate(new Date(Date.now() + FREEZE_DAYS * 86_400_000).toISOString())}; you can resume it earlier at any time.`}
      dismissLabel="Keep Active"
      confirm={{ label: 'Freeze Subscription', pendingLabel: 'Freezing...' }}
    />
  );
}

/** Cancelling with a confirmation: 'Keep Subscription' or 'Confirm Cancellation' (docs/architecture.md#states). */
function CancelDialog({ onSettled }: { onSettled: () => void }) {
  const [why, setWhy] = useState<CancelRequest>({});
  return (
    <ConfirmActionDialog
      action="cancel"
      onSettled={onSettled}
      trigger={<Button variant="outline">Cancel Subscription</Button>}
      title="Cancel your subscription?"
      description="You keep access until the end of your billing period and won't be charged again. You can keep your subscription at any time before then."
      dismissLabel="Keep Subscription"
      confirm={{ label: 'Confirm Cancellation', pendingLabel: 'Cancelling...', variant: 'destructive' }}
      why={why}
    >
      <CancellationReasonFields value={why} onChange={setWhy} />
    </ConfirmActionDialog>
  );
}

/** A subscription action behind a confirmation dialog; closes on success and hands focus to onSettled. */
function ConfirmActionDialog({
  action,
  onSettled,
  trigger,
  title,
  description,
  dismissLabel,
  confirm,
  why,
  children,
}: {
  action: 'freeze' | 'cancel';
  /** A cancellation's reason, sent with it; `children` asks for it. */
  why?: CancelRequest;
  children?: React.ReactNode;
  onSettled: () => void;
  trigger: React.ReactNode;
  title: string;
  description: string;
  dismissLabel: string;
  confirm: { label: string; pendingLabel: string; variant?: 'destructive' };
}) {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const mutation = useSubscriptionAction(action, {
    onDone: () => {
      done.current = true;
      setOpen(false);
    },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The button that opened the dialog is gone once the action succeeded.
          if (!done.current) return;
          done.current = false;
          event.preventDefault();
          onSettled();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={mutation.isPending}>
              {dismissLabel}
            </Button>
          </DialogClose>
          <Button
            variant={confirm.variant}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(why)}
          >
            {mutation.isPending ? confirm.pendingLabel : confirm.label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** docs/architecture.md#states: pressing Cancel first offers 50% off for 3 months. */
function RetentionOffer({
  headingRef,
  planPrice,
  onBack,
  onSettled,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  planPrice: number;
  onBack: () => void;
  onSettled: () => void;
}) {
  const discount = useSubscriptionAction('discount', { onDone: onSettled });
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
          You keep access until the end of your billing period and won't be charged again. Telling us why
          helps us make {PRODUCT_NAME} better.
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
            Before you go: {percentOff}% off for {months} months
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Stay with {PRODUCT_NAME} and pay {formatPounds(discountedPrice(planPrice))} a month instead of{' '}
            {formatPounds(planPrice)} ({VAT_INCLUDED}) for your next {months} months.
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => discount.mutate()}>
          {discount.isPending ? 'Applying...' : `Accept ${percentOff}% Discount`}
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
