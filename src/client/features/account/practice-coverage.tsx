import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { paths } from '@client/config/paths';
import { findPlan } from '@shared/plans';
import type { PublicUser } from '@shared/schemas/auth';
import { Building2 } from 'lucide-react';
import { Link } from 'react-router';

type PracticeAccess = NonNullable<PublicUser['access']> & { through: 'practice' };

/** The practice that gives the person their plan, when it is a practice's (not their own). */
export function practiceAccessOf(user: PublicUser | null): PracticeAccess | null {
  const access = user?.access;
  return access?.through === 'practice' ? (access as PracticeAccess) : null;
}

/**
 * What a practice member's Subscription tab says first: their practice covers them, on which plan, and
 * who manages its billing. Nothing here offers to sell them what the practice pays for. A member who also
 * pays for a plan of their own is told they may cancel it
 * (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md).
 */
export function PracticeCoverage({
  access,
  ownPlan,
}: {
  access: PracticeAccess;
  /** The name of a live plan the person pays for themselves, if any. */
  ownPlan: string | null;
}) {
  const planName = findPlan(access.plan)?.name ?? 'Practice';
  return (
    <Card role="region" aria-labelledby="practice-coverage-heading">
      <CardHeader>
        <CardTitle id="practice-coverage-heading" className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
          Covered by {access.practiceName} on the {planName} plan
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Plan</dt>
            <dd className="mt-1 font-semibold text-slate-900">{planName}, through your practice</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Billing managed by</dt>
            <dd className="mt-1 font-semibold text-slate-900">{access.managedBy}</dd>
          </div>
        </dl>
        <p className="text-sm text-slate-700">
          Your practice pays for your use of ChairNotes: there is nothing for you to pay. For anything about
          the practice's subscription, ask {access.managedBy}.
        </p>
        {ownPlan ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
            You also pay for a {ownPlan} plan of your own. Your practice's plan covers you, so you may cancel
            yours below; it stays yours until its period ends.
          </p>
        ) : null}
        <p>
          <Link
            to={paths.practice.getHref()}
            className="font-medium text-indigo-700 underline underline-offset-2"
          >
            Open {access.practiceName}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
