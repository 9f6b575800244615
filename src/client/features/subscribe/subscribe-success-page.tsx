import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { paths } from '@client/config/paths';
import { formatDate, invoiceLink, isFuture, useInvoices, useSubscription } from '@client/features/account';
import { useNoteAppHref } from '@client/lib/config';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME } from '@shared/brand';
import { TRIAL_DAYS } from '@shared/constants';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSyncSubscription } from './api/sync-subscription';
import { Confetti } from './confetti';
import { SubscribeSteps } from './steps';

const ACCOUNT_SUBSCRIPTION = paths.account.getHref('subscription');

/** The payment return URL ({origin}/subscribe/success): Stripe sends the browser here after confirming. */
export function SubscribeSuccessPage() {
  const [params] = useSearchParams();
  const failed = params.get('redirect_status') === 'failed';
  useTitle(failed ? 'Payment Not Completed' : 'Subscription Confirmed');

  // Ask the server to read the subscription from Stripe now, rather than wait for the webhook.
  const sync = useSyncSubscription();
  const started = useRef(false);
  const { mutate } = sync;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const settled = sync.isSuccess || sync.isError;
  const details = useSubscription({ enabled: settled });
  const noteAppHref = useNoteAppHref(useCurrentUser().user);

  if (!settled)
    return (
      <PageContainer width="narrow">
        <Spinner layout="page" label="Confirming your subscription" />
      </PageContainer>
    );

  if (failed)
    return (
      <PageContainer width="narrow" className="grid justify-items-center gap-4 text-center">
        <CircleAlert aria-hidden="true" className="size-12 text-red-600" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payment Not Completed</h1>
        <p className="text-slate-600">
          Your payment didn't go through, so your subscription hasn't started. Please try again with another
          card.
        </p>
        <Button asChild>
          <Link to={paths.pricing.getHref()}>Return to Pricing</Link>
        </Button>
      </PageContainer>
    );

  // Stripe says this person has no subscription (they never subscribed, or opened this address by
  // hand): nothing is confirmed, so the way to a plan instead.
  if (sync.data?.subscriptionStatus === 'inactive')
    return (
      <PageContainer width="narrow" className="grid justify-items-center gap-4 text-center">
        <CircleAlert aria-hidden="true" className="size-12 text-slate-500" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">No subscription yet</h1>
        <p className="text-slate-600">
          We couldn't find a subscription on your account. Choose a plan to start your free trial.
        </p>
        <Button asChild>
          <Link to={paths.pricing.getHref()}>Choose a plan</Link>
        </Button>
      </PageContainer>
    );

  const trialEndsAt = details.data?.trialEndsAt ?? null;
  const onTrial = isFuture(trialEndsAt);
  const yearly = details.data?.billingInterval === 'year';
  // A yearly friend's referral month lengthens the trial (docs/decisions/096-yearly-plans.md): it is not
  // a 14-day trial then. (A monthly friend's month is a coupon on the first invoice: the trial stays.)
  const withReferralMonth =
    yearly && trialEndsAt !== null && Date.parse(trialEndsAt) - Date.now() > (TRIAL_DAYS + 1) * 86_400_000;
  return (
    <PageContainer width="narrow">
      <Confetti play />
      <SubscribeSteps current={2} />
      <div className="mt-10 grid justify-items-center gap-4 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-emerald-100">
          <CircleCheck aria-hidden="true" className="size-9 text-emerald-700" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Subscription Confirmed!
        </h1>
        <p className="max-w-xl text-lg text-slate-600">
          {details.isPending ? (
            'Your free trial has started.'
          ) : onTrial ? (
            <>
              {withReferralMonth
                ? 'Your free trial has started, with your referral month added to it.'
                : `Your ${TRIAL_DAYS}-day free trial has started.`}{' '}
              It ends on <strong className="font-semibold text-slate-900">{formatDate(trialEndsAt)}</strong>
              {`; your first payment is taken then${yearly ? ', for a year' : ''}.`}
            </>
          ) : details.data?.status === 'active' ? (
            `Welcome to ${PRODUCT_NAME}. Your subscription is active${yearly ? ', billed once a year' : ''}.`
          ) : (
            'Your subscription is being set up and will show in your account shortly.'
          )}
        </p>
        {sync.isError ? (
          <p role="status" className="max-w-xl text-sm text-slate-600">
            Your account may take a minute to show the new plan.
          </p>
        ) : null}
      </div>

      <section
        aria-labelledby="next-steps-heading"
        className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="next-steps-heading" className="text-xl font-semibold text-slate-900">
          What happens next?
        </h2>
        <ol className="mt-6 grid gap-5">
          {[
            {
              title: `Start using ${PRODUCT_NAME}`,
              text: 'Use it at your next appointment: consent, discussion and clinical notes, written for you.',
            },
            {
              title: 'Enjoy your free trial',
              text: `Your first ${TRIAL_DAYS} days are free. We charge your card when the trial ends; cancel anytime from your account.`,
            },
            {
              title: 'Invite a colleague',
              text: 'Refer a friend and you both get a month free.',
            },
          ].map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8 grid gap-3 sm:grid-cols-2">
        <Button asChild size="lg">
          {/* The note app, where they arrive signed in, once their subscription gives access. */}
          {noteAppHref ? (
            <a href={noteAppHref}>Start Using</a>
          ) : (
            <Link to={paths.home.getHref()}>Start Using</Link>
          )}
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={ACCOUNT_SUBSCRIPTION}>Manage Subscription</Link>
        </Button>
        <DownloadInvoice />
        <Button asChild size="lg" variant="outline">
          <Link to={paths.refer.getHref()}>Refer a Friend</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

/**
 * The newest invoice's own document, named for what it is: the receipt once money was taken, the free
 * trial's £0.00 invoice before then (invoiceLink's rule). Until the invoices load, the button waits in
 * place; with none yet (Stripe has not made it), the billing history, where it will appear.
 */
function DownloadInvoice() {
  const invoices = useInvoices();
  const newest = invoices.data?.[0];
  const link = newest && invoiceLink(newest, false);
  if (invoices.isPending)
    return (
      <Button size="lg" variant="outline" disabled>
        Download Receipt
      </Button>
    );
  if (!newest || !link?.href)
    return (
      <Button asChild size="lg" variant="outline">
        <Link to={ACCOUNT_SUBSCRIPTION}>Billing History</Link>
      </Button>
    );
  return (
    <Button asChild size="lg" variant="outline">
      <a href={newest.pdf ?? link.href} target="_blank" rel="noopener noreferrer">
        Download {link.label}
      </a>
    </Button>
  );
}
