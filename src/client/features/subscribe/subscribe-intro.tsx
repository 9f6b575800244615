import type { Plan } from '@shared/plans';
import { SubscribeSteps } from './steps';

/**
 * The top of /subscribe/:planId: the steps, the plan's heading and what happens here. The same in the
 * page's prerendered shell (its route in src/client/app/routes) and on the page.
 */
export function SubscribeIntro({ plan }: { plan: Plan }) {
  return (
    <>
      <SubscribeSteps current={1} />
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-slate-900">Subscribe to {plan.name}</h1>
      <p className="mt-2 text-lg text-pretty text-slate-600">
        Tell us who the invoices are for, add a card, and start writing your notes straight away. You can
        cancel anytime from your account.
      </p>
    </>
  );
}
