import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { PasswordField } from '@client/components/ui/form-field';
import { useCurrentUser } from '@client/lib/session';
import { useZodForm } from '@client/lib/use-zod-form';
import { type ChangePassword, changePasswordSchema } from '@shared/schemas/account';
import { type ActiveSession, SECURITY_EVENT_LABELS } from '@shared/schemas/security';
import { LogOut, Monitor } from 'lucide-react';
import { useChangePassword } from './api/change-password';
import { useEndSession } from './api/end-session';
import { useSecurityOverview } from './api/get-security';
import { useSignOutOthers } from './api/sign-out-others';
import { DeleteAccount } from './delete-account';
import { formatDateTime } from './format';
import { ListSkeleton } from './list-skeleton';
import { MicrosoftCard } from './microsoft-card';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard } from './two-factor-card';

const EMPTY: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * docs/architecture.md#screens: the Security tab changes the password; it also lists the devices signed in (each can be
 * signed out), shows what happened to the account lately, and erases the account.
 */
export function SecurityTab() {
  const { user } = useCurrentUser();
  return (
    <div className="grid gap-6">
      {user?.hasPassword === false ? <NoPassword /> : <ChangePasswordForm />}
      <TwoFactorCard />
      <PasskeysCard />
      <MicrosoftCard />
      <SignedInDevices />
      <RecentActivity />
      <DeleteAccount />
    </div>
  );
}

/** One who joined a practice with Microsoft has no password to change: they are told how they sign in. */
function NoPassword() {
  return (
    <Card role="region" aria-labelledby="password-heading">
      <CardHeader>
        <CardTitle id="password-heading">Password</CardTitle>
        <CardDescription>
          Your account has no password: you sign in with your Microsoft work account (or a passkey you add
          below), and confirm it is you with it when asked.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function ChangePasswordForm() {
  const { handleSubmit, reset, field, showServerError } = useZodForm(changePasswordSchema, EMPTY);
  const change = useChangePassword({ onDone: () => reset(EMPTY) });
  const submit = handleSubmit((passwords) => change.mutate(passwords, { onError: showServerError }));

  return (
    <Card role="region" aria-labelledby="password-heading">
      <CardHeader>
        <CardTitle id="password-heading">Change password</CardTitle>
        <CardDescription>
          Changing your password signs you out on every other device; this one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters, not a common one."
            {...field('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SignedInDevices() {
  const overview = useSecurityOverview();
  const signOutOthers = useSignOutOthers();
  const others = overview.data?.sessions.filter((s) => !s.current).length ?? 0;
  return (
    <Card role="region" aria-labelledby="devices-heading">
      <CardHeader>
        <CardTitle id="devices-heading">Where you're signed in</CardTitle>
        <CardDescription>
          Sign out any device you do not recognise, or a shared or lost computer.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {overview.isPending ? (
          <ListSkeleton label="Loading your devices" rows={2} />
        ) : overview.isError ? (
          <p className="text-sm text-red-700">We couldn't load your devices. {overview.error.message}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
            {overview.data.sessions.map((session) => (
              <DeviceRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        {others > 0 ? (
          <div>
            <Button
              variant="outline"
              disabled={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate()}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {signOutOthers.isPending ? 'Signing out...' : 'Sign out of all other devices'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeviceRow({ session }: { session: ActiveSession }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-5 text-slate-500" />
        <div>
          <p className="font-medium text-slate-900">
            {session.device}
            {session.current ? (
              <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                This device
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600">
            {session.ip ? `${session.ip} · ` : ''}
            {session.current ? 'Active now' : `Last active ${formatDateTime(session.lastSeenAt)}`}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          onClick={() => end.mutate(session.id)}
          aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.lastSeenAt)}`}
        >
          {end.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

function RecentActivity() {
  const overview = useSecurityOverview();
  return (
    <Card role="region" aria-labelledby="activity-heading">
      <CardHeader>
        <CardTitle id="activity-heading">Recent security activity</CardTitle>
        <CardDescription>
          Sign-ins, failed attempts and changes to your account, newest first. Something you don't recognise?
          Change your password and sign out the devices above.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {overview.isPending ? (
          <ListSkeleton label="Loading your account activity" rows={3} />
        ) : overview.isError ? (
          <p className="text-sm text-red-700">
            We couldn't load your account activity. {overview.error.message}
          </p>
        ) : overview.data.events.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has happened to your account yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label="Security activity">
            {overview.data.events.map((event) => (
              <li key={event.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span className="font-medium text-slate-900">{SECURITY_EVENT_LABELS[event.type]}</span>
                <span className="text-slate-600">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {' · '}
                  {event.device}
                  {event.ip ? ` · ${event.ip}` : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
