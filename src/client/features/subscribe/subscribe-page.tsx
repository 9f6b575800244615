import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { Skeleton, SkeletonList } from '@client/components/ui/skeleton';
import { paths } from '@client/config/paths';
import {
  BillingDetailsForm,
  BillingDetailsSummary,
  formatDate,
  useBillingDetails,
} from '@client/features/account';
import { usePlans } from '@client/features/pricing';
import { ApiError } from '@client/lib/api';
import { usePaymentConfig } from '@client/lib/config';
import { pendingReferralCode } from '@client/lib/pending-referral';
import { useStripeJs } from '@client/lib/stripe-js';
import { useDeferredData } from '@client/lib/use-deferred-data';
import { useTitle } from '@client/lib/use-title';
import { SUPPORT_EMAIL } from '@shared/brand';
import { type BillingInterval, PAID_PLAN_IDS, TRIAL_DAYS } from '@shared/constants';
import { FEATURES_INTRO, formatPounds, formatPrice, type Plan, VAT_INCLUDED } from '@shared/plans';
import { Check, CircleAlert, CreditCard, Wrench } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useCreateSubscription } from './api/create-subscription';
import { PaymentForm } from './payment-form';
import { ReferralCodeBox } from './referral-code-box';
import { SubscribeIntro } from './subscribe-intro';
import { useReferralCode } from './use-referral-code';

export function SubscribePage() {
  const { planId = '' } = useParams();
  // `?interval=year` from the pricing page's Yearly switch (docs/decisions/096-yearly-plans.md); else monthly.
  const [search] = useSearchParams();
  const interval: BillingInterval = search.get('interval') === 'year' ? 'year' : 'month';
  // The server's plans: what it offers (the Practice plan's seats are the deployment's).
  const plan = usePlans().plans.find((p) => p.id === planId);
  const paid = plan && plan.price > 0;
  useTitle(paid ? `Subscribe to ${plan.name}` : undefined);
  // Only the paid plans are subscribed to here; anything else is a choice for the pricing page.
  if (!paid) return <Navigate to={paths.pricing.getHref()} replace />;
  return (
    <PageContainer width="medium">
      <SubscribeIntro plan={plan} />
      {/* A new plan is a new visit: its own subscription attempt and state. */}
      <SubscribeFlow key={`${plan.id}-${interval}`} plan={plan} interval={interval} />
    </PageContainer>
  );
}

/**
 * Who the invoices are made out to, asked before the card (docs/architecture.md#settled-points): until they are saved
 * the form shows; then what was saved, a way to change it, and the card form (`children`).
 */
function BillingDetailsStep({ children }: { children: ReactNode }) {
  const details = useBillingDetails();
  const [editing, setEditing] = useState(false);
  // The form is a large render: the placeholder stays until it is done.
  const { data: answer, waiting } = useDeferredData(details);
  const saved = answer?.details ?? null;
  if (waiting) return <FormSkeleton label="Loading your billing details" fields={4} />;
  if (!saved || editing)
    return (
      <div className="grid gap-3">
        <h3 className="font-semibold text-slate-900">Billing details</h3>
        <p className="text-sm text-slate-600">
          Your invoices are made out to these, as a VAT invoice should be.
        </p>
        <BillingDetailsForm
          initial={saved}
          submitLabel="Continue to payment"
          onSaved={() => setEditing(false)}
          onCancel={saved ? () => setEditing(false) : undefined}
        />
      </div>
    );
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-4">
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold text-slate-600">Invoices made out to</h3>
          <BillingDetailsSummary details={saved} />
        </div>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          Change
        </Button>
      </div>
      {children}
    </>
  );
}

/** The create call's failure as the page shows it: the server's message, without the status code. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Failed to create subscription';
}

/** docs/architecture.md#states, subscribe flow: preparing, then one of error, unavailable, or the payment form. */
function SubscribeFlow({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const price = interval === 'year' ? plan.yearlyPrice : plan.price;
  const every = interval === 'year' ? 'every year' : 'every month';
  const config = usePaymentConfig();
  const publishableKey = config.data ?? null;
  const stripe = useStripeJs(publishableKey);
  const [formFailed, setFormFailed] = useState(false);

  const create = useCreateSubscription();
  const referral = useReferralCode(create.data?.referral);
  // Once per visit: React's development double effects must not start a second subscription.
  const started = useRef(false);
  const { mutate } = create;
  useEffect(() => {
    // SubscribePage shows the paid plans only: this finds the id as the request's type names it.
    const planId = PAID_PLAN_IDS.find((id) => id === plan.id);
    if (!publishableKey || !planId || started.current) return;
    started.current = true;
    // A share link's code goes with the subscription: applied by the server, with nothing to press.
    mutate({ planId, interval, referralCode: pendingReferralCode() ?? undefined });
  }, [publishableKey, mutate, plan.id, interval]);

  if (config.isError) return <SubscriptionError message={failureMessage(config.error)} />;
  if (!config.isPending && !publishableKey) return <Unavailable />;
  if (create.isError) {
    if (create.error instanceof ApiError && create.error.status === 503) return <Unavailable />;
    return <SubscriptionError message={failureMessage(create.error)} />;
  }
  if (stripe.status === 'failed' || formFailed) return <UnableToProcess />;

  // Until the subscription is prepared the page has its final layout already: the plan (known), and
  // placeholders the size of the trial's terms and the forms, so nothing moves when they come.
  const prepared = create.data ?? null;
  const trialEndsAt = prepared?.trialEndsAt ?? null;
  const trial = trialEndsAt !== null;
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-5">
      <section
        aria-labelledby="plan-summary-heading"
        className="grid content-start gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
      >
        <div>
          <h2 id="plan-summary-heading" className="text-lg font-semibold text-slate-900">
            Your plan
          </h2>
          <p className="mt-4 text-xl font-semibold text-slate-900">{plan.name}</p>
          <p className="mt-1 flex items-baseline gap-1">
            <span className="text-3xl font-bold tracking-tight text-slate-900">{formatPounds(price)}</span>
            <span className="text-slate-600">
              /{interval} {VAT_INCLUDED}
            </span>
          </p>
          {interval === 'year' ? (
            <p className="mt-1 text-sm text-slate-600">Billed once a year: two months free.</p>
          ) : null}
          {!prepared ? (
            <TermsSkeleton />
          ) : trial ? (
            <>
              <p className="mt-2 text-sm font-medium text-indigo-700">Charged after 2 week free trial</p>
              {interval === 'year' && referral.applied ? (
                // A yearly friend's month is added to the trial, not taken off an invoice
                // (docs/decisions/096-yearly-plans.md): the first payment is a month later than the trial's end.
                <p className="mt-1 text-sm text-slate-600">
                  Nothing to pay today. Your {TRIAL_DAYS}-day free trial ends on {formatDate(trialEndsAt)},
                  and your free month is added to it: {formatPrice(price, interval)} is taken from your card a
                  month later, then {every}. Cancel before then and nothing is charged.
                </p>
              ) : (
                <p className="mt-1 text-sm text-slate-600">
                  Nothing to pay today. Your {TRIAL_DAYS}-day free trial ends on{' '}
                  {`${formatDate(trialEndsAt)}; from then, ${formatPrice(price, interval)}`} is taken from
                  your card {every}. Cancel before {formatDate(trialEndsAt)} and nothing is charged.
                </p>
              )}
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-600">
              {formatPounds(price)} {VAT_INCLUDED} is charged to your card today, then on the same date{' '}
              {every}. Cancel anytime.
            </p>
          )}
        </div>
        {FEATURES_INTRO[plan.id] ? (
          <p className="-mb-4 text-sm font-semibold text-slate-900">{FEATURES_INTRO[plan.id]}</p>
        ) : null}
        {/* The whole list: what they are about to pay for. */}
        <ul className="grid gap-2 text-sm text-slate-700">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-indigo-600" />
              {feature}
            </li>
          ))}
        </ul>
        <ReferralCodeBox referral={referral} ready={Boolean(prepared)} />
      </section>
      <section
        aria-labelledby="payment-heading"
        className="grid content-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-3"
      >
        <div>
          <h2 id="payment-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CreditCard aria-hidden="true" className="size-5 text-indigo-600" />
            Payment details
          </h2>
          {prepared ? (
            <p className="mt-1 text-sm text-slate-600">
              {trial
                ? 'Your card is saved securely by Stripe and charged only when your trial ends.'
                : 'Your card is charged securely by Stripe.'}
            </p>
          ) : (
            <p role="status" className="mt-1 text-sm text-slate-600">
              Preparing your subscription...
            </p>
          )}
        </div>
        {prepared ? (
          <BillingDetailsStep>
            {stripe.status === 'ready' ? (
              <PaymentForm
                stripe={stripe.stripe}
                clientSecret={prepared.clientSecret}
                intent={prepared.intent}
                beforePayment={referral.settleBeforePayment}
                submitLabel={trial ? 'Start Free Trial' : 'Subscribe Now'}
                onLoadError={() => setFormFailed(true)}
              />
            ) : (
              <FormSkeleton label="Loading the payment form" fields={3} />
            )}
          </BillingDetailsStep>
        ) : (
          <FormSkeleton label="Preparing your subscription" fields={4} />
        )}
      </section>
    </div>
  );
}

/** The trial's terms at their size (a trial's: the usual case for someone subscribing). */
function TermsSkeleton() {
  return (
    <div className="mt-2 grid gap-1">
      <Skeleton className="h-5 w-52 bg-indigo-100" />
      <Skeleton className="h-14 bg-slate-100" />
    </div>
  );
}

/** A form's labelled fields and its button at their size, while what it needs loads. */
function FormSkeleton({ label, fields }: { label: string; fields: number }) {
  return (
    <SkeletonList
      label={label}
      count={fields}
      className="gap-4"
      item={() => (
        <div className="grid gap-2">
          <Skeleton className="h-5 w-32 bg-slate-100" />
          <Skeleton className="h-10 rounded-md bg-slate-100" />
        </div>
      )}
    >
      <Skeleton className="h-10 w-44 rounded-md bg-indigo-100" />
    </SkeletonList>
  );
}

function StateCard({
  icon: Icon,
  title,
  children,
  tone = 'error',
}: {
  icon: typeof CircleAlert;
  title: string;
  children: ReactNode;
  tone?: 'error' | 'info';
}) {
  return (
    <section
      aria-labelledby="subscribe-state-heading"
      className="mx-auto mt-8 grid max-w-xl justify-items-center gap-4 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <span
        className={
          tone === 'error'
            ? 'inline-flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700'
            : 'inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700'
        }
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 id="subscribe-state-heading" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SubscriptionError({ message }: { message: string }) {
  return (
    <StateCard icon={CircleAlert} title="Subscription Error">
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <Button asChild>
        <Link to={paths.pricing.getHref()}>Return to Pricing</Link>
      </Button>
    </StateCard>
  );
}

function UnableToProcess() {
  return (
    <StateCard icon={CircleAlert} title="Unable to Process">
      <p role="alert" className="text-slate-700">
        We couldn't initialize the payment form. Please try again later.
      </p>
      <Button asChild variant="outline">
        <Link to={paths.pricing.getHref()}>Return to Pricing</Link>
      </Button>
    </StateCard>
  );
}

function Unavailable() {
  return (
    <StateCard icon={Wrench} tone="info" title="Payment System Temporarily Unavailable">
      <p className="text-slate-700">
        We're currently setting up our payment system. Please check back soon or contact support for
        assistance.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home.getHref()}>Return Home</Link>
        </Button>
        <Button asChild variant="outline">
          <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Subscribing to a plan')}`}>
            Contact support
          </a>
        </Button>
      </div>
    </StateCard>
  );
}
