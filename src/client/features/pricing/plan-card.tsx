import { SiteLink } from '@client/components/layout/site-link';
import { buttonVariants } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { cn } from '@client/lib/utils';
import { PAID_PLAN_IDS, type PlanId } from '@shared/constants';
import { FEATURES_INTRO, formatPounds, type Plan, VAT_INCLUDED } from '@shared/plans';
import { Check, Minus, X } from 'lucide-react';
import { WHEN_MONTHLY, WHEN_YEARLY } from './interval-switch';

type PlanCardProps = {
  plan: Plan;
  signedIn: boolean;
  /** Keeps the page's heading order: h2 on /pricing, h3 inside the home page's pricing section. */
  headingLevel?: 'h2' | 'h3';
  /**
   * The signed-in person's plan now, if known: it is marked. When it is a paid one, the other paid plan
   * is a switch.
   */
  currentPlan?: PlanId | null;
  /**
   * The person's practice gives them the Practice plan: its card says so, and Plus, which it includes, is not
   * offered to them (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md).
   */
  coveredByPractice?: boolean;
};

const markClass =
  'mt-8 rounded-md border border-indigo-200 bg-indigo-50 py-2.5 text-center font-semibold text-indigo-900';

const isPaidPlan = (planId: PlanId | null): boolean =>
  (PAID_PLAN_IDS as readonly (PlanId | null)[]).includes(planId);

type Interval = 'month' | 'year';

/** Where choosing a plan leads: a visitor signs in first and is brought back (docs/architecture.md#roles). */
function planHref(planId: string, signedIn: boolean, interval: Interval): string {
  return signedIn
    ? paths.subscribe.plan.getHref(planId, interval)
    : paths.subscribe.plan.getSignInHref(planId, interval);
}

/** The price of one interval; both are in the page, the switch shows one (interval-switch.tsx). */
function Price({ plan, interval }: { plan: Plan; interval: Interval }) {
  const yearly = interval === 'year';
  return (
    <div className={yearly ? WHEN_YEARLY : WHEN_MONTHLY}>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          {formatPounds(yearly ? plan.yearlyPrice : plan.price)}
        </span>
        <span className="text-slate-600">
          /{interval} {VAT_INCLUDED}
        </span>
      </p>
      <p className="mt-2 min-h-5 text-sm text-slate-600">
        {yearly
          ? `Two months free: ${formatPounds(Math.round((plan.yearlyPrice * 100) / 12) / 100)} a month. Charged after 2 week free trial`
          : 'Charged after 2 week free trial'}
      </p>
    </div>
  );
}

export function PlanCard({
  plan,
  signedIn,
  headingLevel: Heading = 'h2',
  currentPlan = null,
  coveredByPractice = false,
}: PlanCardProps) {
  const paid = plan.price > 0;
  const headingId = `plan-${plan.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm',
        plan.popular ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-slate-200',
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold tracking-wide text-white">
          MOST POPULAR
        </p>
      ) : null}
      <Heading id={headingId} className="text-xl font-semibold text-slate-900">
        {plan.name}
      </Heading>
      {paid ? (
        <>
          <Price plan={plan} interval="month" />
          <Price plan={plan} interval="year" />
        </>
      ) : (
        <>
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-slate-900">Free</span>
          </p>
          <p className="mt-2 min-h-5 text-sm text-slate-600">{plan.extraInfo}</p>
        </>
      )}
      {FEATURES_INTRO[plan.id] ? (
        <p className="mt-6 text-sm font-semibold text-slate-900">{FEATURES_INTRO[plan.id]}</p>
      ) : null}
      <ul
        className={cn('grid flex-1 content-start gap-3 text-sm', FEATURES_INTRO[plan.id] ? 'mt-3' : 'mt-6')}
      >
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
            <span>{feature}</span>
          </li>
        ))}
        {plan.disabled.map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-500">
            <Minus aria-hidden="true" className="size-5 shrink-0" />
            <span>{feature}</span>
          </li>
        ))}
        {plan.notIncluded.map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-500">
            <X aria-hidden="true" className="size-5 shrink-0" />
            <span>
              <span className="sr-only">Not included: </span>
              <span className="line-through">{feature}</span>
            </span>
          </li>
        ))}
      </ul>
      {coveredByPractice && plan.id === 'clinic' ? (
        <p className={markClass}>Your practice's plan</p>
      ) : currentPlan === plan.id ? (
        <p className={markClass}>Current plan</p>
      ) : coveredByPractice && paid ? (
        <p className="mt-8 py-2.5 text-center text-sm text-slate-600">Included in your practice's plan</p>
      ) : paid && isPaidPlan(currentPlan) ? (
        // The Subscription tab opens its switch dialog, which shows the cost before anything moves.
        <SiteLink
          markCurrent={false}
          to={paths.account.getSwitchHref(plan.id)}
          className={buttonVariants({ variant: 'default', size: 'lg', className: 'mt-8 w-full' })}
        >
          Switch to {plan.name}
        </SiteLink>
      ) : paid ? (
        (['month', 'year'] as const).map((interval) => (
          <div key={interval} className={interval === 'year' ? WHEN_YEARLY : WHEN_MONTHLY}>
            <SiteLink
              markCurrent={false}
              to={planHref(plan.id, signedIn, interval)}
              className={buttonVariants({
                variant: plan.popular ? 'default' : 'outline',
                size: 'lg',
                className: 'mt-8 w-full',
              })}
            >
              Start Free Trial
            </SiteLink>
          </div>
        ))
      ) : (
        <SiteLink
          markCurrent={false}
          to={planHref(plan.id, signedIn, 'month')}
          className={buttonVariants({
            variant: plan.popular ? 'default' : 'outline',
            size: 'lg',
            className: 'mt-8 w-full',
          })}
        >
          Get Started
        </SiteLink>
      )}
    </article>
  );
}
