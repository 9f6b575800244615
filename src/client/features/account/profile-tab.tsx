import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField, PasswordField, UsernameField } from '@client/components/ui/form-field';
import { SuccessNotice } from '@client/components/ui/success-notice';
import { useCurrentUser } from '@client/lib/session';
import { useZodForm } from '@client/lib/use-zod-form';
import { profileFormSchema } from '@shared/schemas/account';
import type { PublicUser } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useUpdateProfile } from './api/update-profile';
import { ExportData } from './export-data';

/** docs/architecture.md#screens: the Profile tab edits the username and email. */
export function ProfileTab() {
  const { user } = useCurrentUser();
  return (
    <div className="grid gap-6">
      {user ? <ProfileForm user={user} /> : null}
      <ExportData />
    </div>
  );
}

function ProfileForm({ user }: { user: PublicUser }) {
  const schema = useMemo(
    () => profileFormSchema(user.email, user.hasPassword),
    [user.email, user.hasPassword],
  );
  const {
    handleSubmit,
    reset,
    field,
    watch,
    formState: { isDirty },
  } = useZodForm(schema, { username: user.username, email: user.email, currentPassword: '' });
  // The email changes only by the link mailed to the new address: until then, this says so.
  const [changeNotice, setChangeNotice] = useState<string | null>(null);
  // What was saved becomes the form's new starting point.
  const update = useUpdateProfile({
    onDone: (saved) => {
      reset({ username: saved.username, email: saved.email, currentPassword: '' });
      setChangeNotice(saved.message ?? null);
    },
  });
  // The password proves it is the owner who moves the account to another address; a name needs none.
  // Without a password, 'Confirm it's you' asks for Microsoft when the save needs it.
  const emailChanges = watch('email').trim().toLowerCase() !== user.email;
  const askPassword = emailChanges && user.hasPassword;
  const submit = handleSubmit(({ username, email, currentPassword }) =>
    update.mutate(askPassword ? { username, email, currentPassword } : { username, email }),
  );

  return (
    <Card role="region" aria-labelledby="profile-heading">
      <CardHeader>
        <CardTitle id="profile-heading">Profile</CardTitle>
        <CardDescription>Your username and the email address we write to.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <UsernameField {...field('username')} />
          <EmailField {...field('email')} />
          {askPassword ? (
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              hint="Needed to change your email."
              {...field('currentPassword')}
            />
          ) : null}
          {changeNotice ? <SuccessNotice icon={MailCheck}>{changeNotice}</SuccessNotice> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save changes'}
            </Button>
            {isDirty && !update.isPending ? (
              <Button variant="ghost" onClick={() => reset()}>
                Discard changes
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
