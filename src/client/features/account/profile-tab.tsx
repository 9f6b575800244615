import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { useCurrentUser } from '@client/features/auth/current-user';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileUpdate, profileSchema } from '@shared/schemas/account';
import type { PublicUser } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { ExportData } from './export-data';
import { useUpdateProfile } from './use-account';

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
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: user.username, email: user.email },
  });
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
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
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
