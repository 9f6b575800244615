import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { paths } from '@client/config/paths';
import { describeFailure } from '@client/lib/api';
import { configQueryOptions } from '@client/lib/config';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { isLiveSubscription } from '@shared/access';
import { PRODUCT_NAME } from '@shared/brand';
import { findPlan } from '@shared/plans';
import type { PublicUser } from '@shared/schemas/auth';
import type { InvitationPreview } from '@shared/schemas/practice';
import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AcceptWithMicrosoft } from './accept-with-microsoft';
import { useInvitationPreview, useJoinPractice } from './api/join-practice';
import { ROLE_NAMES } from './role-select';

const alertClass = 'rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900';

/**
 * Why the signed-in person cannot join with this link, in one sentence, or null when they can. The
 * server decides (practices/practice-service.ts); this only spares them a button that must fail. An
 * unverified address is no reason: joining from the link verifies the invited one.
 */
function joinBlocked(user: PublicUser, invitation: InvitationPreview): string | null {
  if (!invitation.forYou)
    return `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign out and sign in with the invited address to join.`;
  if (user.practice?.id === invitation.practiceId)
    return `You are already a member of ${invitation.practiceName}.`;
  if (user.practice)
    return `You are already in ${user.practice.name}. Leave it before you join another practice.`;
  return null;
}

/**
 * Where an invitation mail's link lands. Opening it changes nothing (mail scanners open links too):
 * it shows what the invitation is for; the person signs in or registers with the invited address,
 * comes back here, and joins with the button, which also verifies that address (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md).
 */
export function JoinPracticePage() {
  useTitle('Join a practice');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const preview = useInvitationPreview(token);
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const join = useJoinPractice({ onDone: () => navigate(paths.practice.getHref()) });
  const here = paths.practice.join.getHref(token);
  const { data: config } = useQuery(configQueryOptions());
  const microsoftSignIn = config?.microsoftSignIn === true;
  const outcome = params.get('microsoft');

  let body: ReactNode;
  if (!token) {
    body = (
      <p role="alert" className={alertClass}>
        This link is incomplete: it has no token. Open the link from your email again.
      </p>
    );
  } else if (preview.isPending || isLoading) {
    body = (
      <div role="status" aria-label="Loading the invitation" className="grid gap-3">
        <div className="h-5 w-3/4 rounded bg-slate-200 motion-safe:animate-pulse" />
        <div className="h-4 w-1/2 rounded bg-slate-100 motion-safe:animate-pulse" />
        <div className="h-10 w-full rounded bg-slate-100 motion-safe:animate-pulse" />
      </div>
    );
  } else if (preview.isError) {
    body = (
      <p role="alert" className={alertClass}>
        {describeFailure(preview.error)}
      </p>
    );
  } else {
    const invitation = preview.data;
    const refused = join.error && describeFailure(join.error);
    const blocked = user && joinBlocked(user, invitation);
    // A person paying for a plan of their own hears what joining does to it, before they join.
    const ownPlan =
      user && isLiveSubscription(user.subscriptionStatus) ? (findPlan(user.plan)?.name ?? null) : null;
    // Accepting with Microsoft registers a new account: offered to a visitor, where the practice has its organisation.
    const microsoft = microsoftSignIn && invitation.microsoft !== 'none';
    const microsoftFirst = microsoft && (invitation.microsoft === 'required' || outcome !== null);
    body = (
      <div className="grid gap-4">
        <p className="text-slate-800">
          {/* The invited address comes masked: whoever holds the link may not own it. */}
          {invitation.invitedBy} invites <strong>{invitation.email}</strong> to join{' '}
          <strong>{invitation.practiceName}</strong> as {ROLE_NAMES[invitation.role].toLowerCase()}.
        </p>
        {!user && microsoftFirst ? (
          <>
            <AcceptWithMicrosoft token={token} invitation={invitation} primary />
            <p className="text-sm text-slate-700">
              Already have a {PRODUCT_NAME} account with {invitation.email}? Sign in to it and join, then link
              your Microsoft account under Account, Security: you will sign in with it from then on.
            </p>
            <Link
              to={paths.auth.getHref(here)}
              className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            >
              Sign in
            </Link>
          </>
        ) : !user ? (
          <>
            <p className="text-slate-700">Sign in, or create an account, with {invitation.email} to join.</p>
            <Link to={paths.auth.getHref(here)} className={buttonVariants({ className: 'w-full' })}>
              Sign in
            </Link>
            <Link
              to={paths.auth.getRegisterHref(here)}
              className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            >
              Create an account
            </Link>
            {microsoft ? <AcceptWithMicrosoft token={token} invitation={invitation} /> : null}
          </>
        ) : (
          <>
            {/* One sentence says why Join cannot work; a refusal the page did not foresee replaces it. */}
            {blocked || refused ? (
              <p id="join-blocked" role={refused ? 'alert' : undefined} className={alertClass}>
                {refused || blocked}
                {blocked && user.practice?.id === invitation.practiceId ? (
                  <>
                    {' '}
                    <Link to={paths.practice.getHref()} className="font-medium underline underline-offset-2">
                      Open your practice
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
            {!blocked && ownPlan ? (
              <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
                You pay for your own {ownPlan} plan. Joining does not change it: once you are in{' '}
                {invitation.practiceName}, its Practice plan gives you the note app, and your own plan renews
                as before until you cancel it, which you can do at any time under Account, Subscription.
              </p>
            ) : null}
            <Button
              className="w-full"
              disabled={join.isPending || Boolean(blocked)}
              aria-describedby={blocked || refused ? 'join-blocked' : undefined}
              onClick={() => join.mutate({ token })}
            >
              {join.isPending ? 'Joining...' : `Join ${invitation.practiceName}`}
            </Button>
            {microsoftSignIn && invitation.microsoft === 'required' && !blocked ? (
              <p className="text-sm text-slate-700">
                {invitation.practiceName} signs its team in with Microsoft: once you have joined, link your
                work account under Account, Security. Your password will no longer sign you in.
              </p>
            ) : null}
          </>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="lg" className="flex items-center gap-2">
            <Building2 aria-hidden="true" className="size-6 text-indigo-600" />
            Join a practice
          </CardTitle>
          <CardDescription>Practice members use ChairNotes on their practice's subscription.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
