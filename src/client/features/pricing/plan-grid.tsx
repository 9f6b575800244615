import { useCurrentUser } from '@client/lib/session';
import { isLiveSubscription } from '@shared/access';
import type { PlanId } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import { usePlans } from './api/get-plans';
import { PlanCard } from './plan-card';

/**
 * The plan that is the signed-in person's now: a live subscription's, else Lite. Someone in a practice
 * works under the practice's plan, not Lite, so nothing is marked for them.
 */
function currentPlanOf(user: PublicUser | null): PlanId | null {
  if (!user) return null;
  if (isLiveSubscription(user.subscriptionStatus)) return user.plan;
  return user.practice ? null : 'free';
}

/**
 * The three plan cards. The built-in plans show at once (prerendered, so their prices are in the HTML
 * a visitor, a search engine or a screen reader gets first); the API's answer replaces them where it
 * differs (issue 18; docs/decisions/059-marketing-islands.md departs from the loading placeholders of docs/architecture.md#states).
 */
export function PlanGrid({ headingLevel }: { headingLevel?: 'h2' | 'h3' }) {
  const { plans } = usePlans();
  const { user } = useCurrentUser();
  return (
    <div className="grid items-stretch gap-8 lg:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          signedIn={Boolean(user)}
          headingLevel={headingLevel}
          currentPlan={currentPlanOf(user)}
          coveredByPractice={user?.access?.through === 'practice'}
        />
      ))}
    </div>
  );
}
