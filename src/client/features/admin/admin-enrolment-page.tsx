import { RecoveryCodes } from '@client/components/two-factor/recovery-codes';
import { TotpEnrolment } from '@client/components/two-factor/totp-enrolment';
import { Button } from '@client/components/ui/button';
import { CardContent } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { ReauthDialog } from '@client/features/account';
import { toastPasskeyNotAdded } from '@client/lib/passkey-errors';
import { toast } from '@client/lib/toast';
import { useHydrated } from '@client/lib/use-hydrated';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { passkeyNameFormSchema } from '@shared/schemas/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { AdminAuthFrame } from './admin-auth-frame';
import { useAdminLogout } from './api/admin-logout';
import { addAdminPasskey } from './api/admin-passkey';
import { enableAdminTotp, setupAdminTotp } from './api/admin-totp';
import { adminQueryOptions } from './api/get-admin';

/**
 * Every admin must have a second factor (docs/architecture.md#safety). An admin who signed in without one sees
 * only this page until they set one up; the server answers no admin route before then.
 */
export function AdminEnrolmentPage() {
  useTitle('Set up two-factor sign-in');
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const [way, setWay] = useState<'app' | 'passkey'>('app');
  const done = () => {
    toast({
      title: 'Two-factor sign-in is on',
      description: 'The admin area is open to you. Any other device signed in as you was signed out.',
    });
    void queryClient.invalidateQueries({ queryKey: adminQueryOptions().queryKey });
  };
  return (
    <AdminAuthFrame
      wide
      title="Set up two-factor sign-in"
      description="The admin area holds every customer's details, so every admin signs in with a second factor as well as a password: a code from an authenticator app, or a passkey. Set one up now to carry on."
      footer={
        <Button variant="link" size="inline" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Sign out
        </Button>
      }
    >
      <CardContent className="grid gap-6">
        {way === 'app' ? (
          <TotpEnrolment
            setup={setupAdminTotp}
            enable={enableAdminTotp}
            onDone={done}
            doneLabel="Continue to the admin area"
          />
        ) : (
          <PasskeyEnrolment onDone={done} />
        )}
        <ReauthDialog account="admin" />
        <p className="text-center text-sm">
          <Button variant="link" size="inline" onClick={() => setWay(way === 'app' ? 'passkey' : 'app')}>
            {way === 'app' ? 'Use a passkey instead' : 'Use an authenticator app instead'}
          </Button>
        </p>
      </CardContent>
    </AdminAuthFrame>
  );
}

/** The passkey way: a name (so a later list tells them apart), then the browser's prompt. */
function PasskeyEnrolment({ onDone }: { onDone: () => void }) {
  const hydrated = useHydrated();
  const { handleSubmit, field, showServerError } = useZodForm(passkeyNameFormSchema, { name: '' });
  const add = useMutation({ mutationFn: addAdminPasskey, onError: toastPasskeyNotAdded });
  const submit = handleSubmit((values) =>
    add.mutate(values, {
      // With its recovery codes, the admin keeps them before going on (as with the app).
      onSuccess: (added) => (added.recoveryCodes ? undefined : onDone()),
      onError: showServerError,
    }),
  );
  if (add.data?.recoveryCodes)
    return (
      <RecoveryCodes codes={add.data.recoveryCodes} onDone={onDone} doneLabel="Continue to the admin area" />
    );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-600">
        A passkey lives on your phone, computer or security key; your browser asks you to unlock it.
      </p>
      <TextField
        label="Name for the passkey"
        hint="So you can tell your passkeys apart, e.g. 'Work laptop'."
        autoComplete="off"
        {...field('name')}
      />
      <Button type="submit" disabled={add.isPending || !hydrated}>
        <KeyRound aria-hidden="true" className="size-4" />
        {add.isPending ? 'Adding...' : 'Add a passkey'}
      </Button>
    </form>
  );
}
