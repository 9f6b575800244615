import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton, SkeletonList } from '@client/components/ui/skeleton';
import { MANAGE_SUBSCRIPTION_ID } from '@client/config/paths';
import { scrollToAnchor } from '@client/lib/scroll';
import { useCurrentUser } from '@client/lib/session';
import { cn } from '@client/lib/utils';
import { isLiveSubscription } from '@shared/access';
import { RETENTION_DISCOUNT } from '@shared/constants';
import { discountedPrice, findPlan, formatPounds, PLANS, VAT_INCLUDED } from '@shared/plans';
import type { SubscriptionDetails } from '@shared/schemas/billing';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSubscription } from './api/get-subscription';
import { BillingHistory, PaymentMethodCard } from './billing-details';
import { BillingDetailsCard } from './billing-details-form';
import { ChangePlanDialog } from './change-plan-dialog';
import { formatDate, isFuture, normaliseStatus, statusLabel } from './format';
import { PracticeCoverage, practiceAccessOf } from './practice-coverage';
import { SubscriptionActions } from './subscription-actions';

export function SubscriptionTab() {
  const details = useSubscription();
  const status = details.data ? normaliseStatus(details.data.status) : null;
  const { user } = useCurrentUser();
  const covered = practiceAccessOf(user);
  // A member covered by their practice sees their own subscription only while they pay for one.
  const ownLive = user !== null && isLiveSubscription(user.subscriptionStatus);
  const showOwn = !covered || ownLive;
  return (
    // One column no wider than the page's (grid-cols-1, not the implicit track, which grows to the
    // widest card's content): what is too wide for a phone scrolls inside its card.
    <div className="grid grid-cols-1 gap-6">
      {covered ? (
        <PracticeCoverage access={covered} ownPlan={ownLive ? (findPlan(user.plan)?.name ?? null) : null} />
      ) : null}
      {!showOwn ? null : details.isPending ? (
        <SubscriptionSkeleton />
      ) : details.isError ? (
        <Card role="region" aria-labelledby="subscription-heading">
          <CardHeader>
            <CardTitle id="subscription-heading">Your subscription</CardTitle>
          </CardHeader>
          <CardContent className="grid justify-items-start gap-3">
            <p className="text-sm text-red-700">
              We couldn't load your subscription. {details.error.message}
            </p>
            <Button variant="outline" onClick={() => details.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <SubscriptionSummary details={details.data} />
      )}
      {showOwn ? (
        <PaymentMethodCard
          canManage={Boolean(details.data?.billingAvailable && status !== null && status !== 'inactive')}
        />
      ) : null}
      {showOwn && details.data?.billingAvailable ? <BillingDetailsCard /> : null}
      <BillingHistory />
    </div>
  );
}

/** The summary's card at its size while it loads: its heading, its plan, price, status and date, and a button. */
function SubscriptionSkeleton() {
  return (
    <Card role="region" aria-labelledby="subscription-heading">
      <CardHeader>
        <CardTitle id="subscription-heading">Your subscription</CardTitle>
      </CardHeader>
      <CardContent>
        <SkeletonList
          label="Loading your subscription"
          count={4}
          className="gap-4 sm:grid-cols-2"
          item={() => (
            <div className="grid gap-1">
              <Skeleton className="h-5 w-24 bg-slate-100" />
              <Skeleton className="h-6 w-36" />
            </div>
          )}
        />
        {/* The row of what the person can do with it. */}
        <Skeleton className="mt-6 h-10 w-36 rounded-md bg-slate-100" />
      </CardContent>
    </Card>
  );
}

/**
 * Why no plan or interval switch can be made now, as the server would answer it (409), said before
 * the person asks (docs/decisions/096-yearly-plans.md): frozen, or a renewal moved by a yearly freeze
 * or the yearly retention offer.
 */
function switchBlockedBecause(details: SubscriptionDetails, status: string): string | null {
  if (status === 'paused') return 'Resume your subscription first.';
  if (details.renewalMoved)
    return `Your next renewal is on ${formatDate(details.currentPeriodEnd)}. You can change plan from then.`;
  return null;
}

function SubscriptionSummary({ details }: { details: SubscriptionDetails }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const status = normaliseStatus(details.status);
  const plan = findPlan(details.plan) ?? PLANS[0]!;
  const paid = plan.price > 0;
  const onTrial = status === 'active' && isFuture(details.trialEndsAt);
  const yearly = details.billingInterval === 'year';
  const price = yearly ? plan.yearlyPrice : details.hasDiscount ? discountedPrice(plan.price) : plan.price;
  const live = isLiveSubscription(status);
  const otherPlan = plan.id === 'pro' ? 'clinic' : 'pro';
  const coveredByPractice = practiceAccessOf(useCurrentUser().user) !== null;
  const [searchParams] = useSearchParams();
  const manageHeading = useRef<HTMLHeadingElement>(null);
  const { hash, key } = useLocation();

  // 'Manage Subscription' (the account menu) lands on the controls, with focus there for the keyboard.
  // Here, not only in the layout's scroll on navigation: the controls appear once the subscription has
  // loaded, which can be after that scroll has looked for them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key marks a new visit to the same address.
  useEffect(() => {
    if (hash !== `#${MANAGE_SUBSCRIPTION_ID}`) return;
    scrollToAnchor(MANAGE_SUBSCRIPTION_ID, 'auto');
    manageHeading.current?.focus({ preventScroll: true });
  }, [hash, key]);

  const dates: { term: string; value: string }[] = [];
  if (status === 'paused') dates.push({ term: 'Resumes on', value: formatDate(details.pausedUntil) });
  else if (live && details.cancelAtPeriodEnd)
    dates.push({ term: 'Ends on', value: formatDate(details.currentPeriodEnd ?? details.trialEndsAt) });
  else if (onTrial) dates.push({ term: 'Trial ends', value: formatDate(details.trialEndsAt) });
  else if (live) dates.push({ term: 'Next billing date', value: formatDate(details.currentPeriodEnd) });

  return (
    <Card role="region" aria-labelledby="subscription-heading">
      <CardHeader>
        <CardTitle
          id="subscription-heading"
          ref={heading}
          tabIndex={-1}
          className="rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Your subscription
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Plan</dt>
            <dd className="mt-1 font-semibold text-slate-900">{plan.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Price</dt>
            <dd className="mt-1 text-slate-900">
              {paid ? (
                <>
                  <span className="font-semibold">{formatPounds(price)}</span>/{yearly ? 'year' : 'month'}{' '}
                  {VAT_INCLUDED}
                  {details.hasDiscount ? (
                    <span className="ml-2 text-sm text-slate-600">
                      ({RETENTION_DISCOUNT.percentOff}% off, was{' '}
                      <span className="line-through">{formatPounds(plan.price)}</span>)
                    </span>
                  ) : null}
                </>
              ) : (
                <span className="font-semibold">Free</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Status</dt>
            <dd className="mt-1">
              <span
                className={cn(
                  'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium',
                  status === 'active' && 'bg-emerald-100 text-emerald-900',
                  status === 'paused' && 'bg-sky-100 text-sky-900',
                  status === 'past_due' && 'bg-amber-100 text-amber-950',
                  (status === 'canceled' || status === 'inactive') && 'bg-slate-100 text-slate-800',
                )}
              >
                {statusLabel(status, onTrial)}
                {status === 'active' && details.cancelAtPeriodEnd ? ', cancellation scheduled' : ''}
              </span>
            </dd>
          </div>
          {dates.map(({ term, value }) => (
            <div key={term}>
              <dt className="text-sm text-slate-600">{term}</dt>
              <dd className="mt-1 font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <section
          id={MANAGE_SUBSCRIPTION_ID}
          aria-labelledby="manage-subscription-heading"
          className="mt-6 border-t border-slate-200 pt-4"
        >
          <h3
            id="manage-subscription-heading"
            ref={manageHeading}
            tabIndex={-1}
            className="rounded-sm font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Manage subscription
          </h3>
          {paid && live && !details.cancelAtPeriodEnd ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <span className="text-sm text-slate-600">
                Current plan: <span className="font-medium text-slate-900">{plan.name}</span>
              </span>
              {/* A member of a practice is covered by its Practice plan: never offered one of their own. */}
              {otherPlan === 'clinic' && coveredByPractice ? null : (
                <ChangePlanDialog
                  planId={otherPlan}
                  interval={details.billingInterval}
                  blockedBecause={switchBlockedBecause(details, status)}
                  initiallyOpen={searchParams.get('switch') === otherPlan}
                />
              )}
              {plan.id === 'pro' || plan.id === 'clinic' ? (
                <ChangePlanDialog
                  planId={plan.id}
                  interval={yearly ? 'month' : 'year'}
                  intervalSwitch
                  blockedBecause={
                    switchBlockedBecause(details, status) ??
                    (!yearly && details.hasDiscount
                      ? `Your ${RETENTION_DISCOUNT.percentOff}% discount is still running. You can switch to yearly once it has ended.`
                      : null)
                  }
                />
              ) : null}
            </div>
          ) : null}
          <SubscriptionActions
            details={details}
            status={status}
            planPrice={plan.price}
            onSettled={() => heading.current?.focus()}
          />
        </section>
      </CardContent>
    </Card>
  );
}
