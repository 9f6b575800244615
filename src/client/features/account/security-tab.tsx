import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { PasswordField } from '@client/components/ui/form-field';
import { useZodForm } from '@client/lib/use-zod-form';
import { type ChangePassword, changePasswordSchema } from '@shared/schemas/account';
import { LogOut } from 'lucide-react';
import { useChangePassword } from './api/change-password';
import { useSignOutOthers } from './api/sign-out-others';
import { DeleteAccount } from './delete-account';

const EMPTY: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec section 2: the Security tab changes the password; it also ends other sessions and erases the account. */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <ChangePasswordForm />
      <OtherDevices />
      <DeleteAccount />
    </div>
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

function OtherDevices() {
  const signOut = useSignOutOthers();
  return (
    <Card role="region" aria-labelledby="devices-heading">
      <CardHeader>
        <CardTitle id="devices-heading">Other devices</CardTitle>
        <CardDescription>
          Signed in on a shared or lost computer? End every session except this one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          <LogOut aria-hidden="true" className="size-4" />
          {signOut.isPending ? 'Signing out...' : 'Sign out of all other devices'}
        </Button>
      </CardContent>
    </Card>
  );
}
