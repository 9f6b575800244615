import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePassword, changePasswordSchema } from '@shared/schemas/account';
import { LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { DeleteAccount } from './delete-account';
import { useChangePassword, useSignOutOthers } from './use-account';

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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });
  const change = useChangePassword({ onDone: () => reset(EMPTY) });
  const submit = handleSubmit((passwords) => change.mutate(passwords));

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
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
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
