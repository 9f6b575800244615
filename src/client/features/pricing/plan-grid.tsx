import { useCurrentUser } from '@client/lib/session';
import type { PlanId } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import { isLiveSubscription } from '@shared/subscription';
import { usePlans } from './api/get-plans';
import { PlanCard } from './plan-card';

function PlanSkeleton() {
  return (
    <div aria-hidden="true" className="h-[31rem] rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <div className="h-6 w-24 rounded bg-slate-200 motion-safe:animate-pulse" />
      <div className="mt-6 h-10 w-36 rounded bg-slate-200 motion-safe:animate-pulse" />
      <div className="mt-8 grid gap-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-4 rounded bg-slate-100 motion-safe:animate-pulse" />
        ))}
      </div>
    </div>
  );
}

/**
 * The plan that is the signed-in person's now: a live subscription's, else Lite. Someone in a practice
 * works under the practice's plan, not Lite, so nothing is marked for them.
 */
function currentPlanOf(user: PublicUser | null): PlanId | null {
  if (!user) return null;
  if (isLiveSubscription(user.subscriptionStatus)) return user.plan;
  return user.practice ? null : 'free';
}

/** The three plan cards, with placeholders while the plans load (spec section 4). */
export function PlanGrid({ headingLevel }: { headingLevel?: 'h2' | 'h3' }) {
  const { plans, isLoading } = usePlans();
  const { user } = useCurrentUser();
  if (isLoading) {
    return (
      <div role="status" aria-label="Loading plans" className="grid gap-8 lg:grid-cols-3">
        <PlanSkeleton />
        <PlanSkeleton />
        <PlanSkeleton />
      </div>
    );
  }
  return (
    <div className="grid items-stretch gap-8 lg:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          signedIn={Boolean(user)}
          headingLevel={headingLevel}
          currentPlan={currentPlanOf(user)}
        />
      ))}
    </div>
  );
}
