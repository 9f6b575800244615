import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { paths } from '@client/config/paths';
import { ApiError, describeFailure } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInvitationPreview, useJoinPractice } from './api/join-practice';
import { ROLE_NAMES } from './role-select';

const alertClass = 'rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900';

/**
 * Where an invitation mail's link lands. Opening it changes nothing (mail scanners open links too):
 * it shows what the invitation is for; the person signs in or registers with the invited address,
 * comes back here, and joins with the button.
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
        {preview.error instanceof ApiError ? preview.error.serverMessage : describeFailure(preview.error)}
      </p>
    );
  } else {
    const invitation = preview.data;
    const refused =
      join.error instanceof ApiError ? join.error.serverMessage : join.error && describeFailure(join.error);
    body = (
      <div className="grid gap-4">
        <p className="text-slate-800">
          {invitation.invitedBy} invites <strong>{invitation.email}</strong> to join{' '}
          <strong>{invitation.practiceName}</strong> as {ROLE_NAMES[invitation.role].toLowerCase()}.
        </p>
        {!user ? (
          <>
            <p className="text-slate-700">Sign in, or create an account, with {invitation.email} to join.</p>
            <Link to={paths.auth.getHref(here)} className={buttonVariants({ className: 'w-full' })}>
              Sign in
            </Link>
            <Link
              to={paths.auth.getRegisterHref(here, invitation.email)}
              className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            >
              Create an account
            </Link>
          </>
        ) : (
          <>
            {!user.emailVerified ? (
              <p className={alertClass}>
                First verify your email address: open the link we sent to {user.email}, then come back to this
                page.
              </p>
            ) : null}
            {refused ? (
              <p role="alert" className={alertClass}>
                {refused}
              </p>
            ) : null}
            <Button className="w-full" disabled={join.isPending} onClick={() => join.mutate({ token })}>
              {join.isPending ? 'Joining...' : `Join ${invitation.practiceName}`}
            </Button>
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
