import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField, UsernameField } from '@client/components/ui/form-field';
import { useCurrentUser } from '@client/lib/session';
import { useZodForm } from '@client/lib/use-zod-form';
import { profileSchema } from '@shared/schemas/account';
import type { PublicUser } from '@shared/schemas/auth';
import { useUpdateProfile } from './api/update-profile';
import { ExportData } from './export-data';

/** Spec section 2: the Profile tab edits the username and email. */
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
  const {
    handleSubmit,
    reset,
    field,
    formState: { isDirty },
  } = useZodForm(profileSchema, { username: user.username, email: user.email });
  // What was saved becomes the form's new starting point.
  const update = useUpdateProfile({
    onDone: (saved) => reset({ username: saved.username, email: saved.email }),
  });
  const submit = handleSubmit((profile) => update.mutate(profile));

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
