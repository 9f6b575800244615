import { RecoveryCodes } from '@client/components/two-factor/recovery-codes';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { TextField } from '@client/components/ui/form-field';
import { useHydrated } from '@client/lib/use-hydrated';
import { useZodForm } from '@client/lib/use-zod-form';
import { type Passkey, type PasskeyNameForm, passkeyNameFormSchema } from '@shared/schemas/passkeys';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useAddPasskey } from './api/add-passkey';
import { usePasskeys } from './api/get-passkeys';
import { useRemovePasskey } from './api/remove-passkey';
import { useRenamePasskey } from './api/rename-passkey';
import { useTwoFactorStatus } from './api/two-factor';
import { formatDateTime } from './format';
import { ListSkeleton } from './list-skeleton';

const NO_NAME: PasskeyNameForm = { name: '' };

/**
 * docs/architecture.md#identity: passkeys sign the person in with their fingerprint, face or device PIN instead of
 * the password. They add one (named, so the list tells them apart), see when each was last used, rename
 * and remove them.
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  return (
    <Card role="region" aria-labelledby="passkeys-heading">
      <CardHeader>
        <CardTitle id="passkeys-heading">Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN instead of your password. Once you have a passkey,
          signing in with your password asks for it too (or for a recovery code). Add one on each device you
          use.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {passkeys.isPending ? (
          <ListSkeleton label="Loading your passkeys" rows={1} />
        ) : passkeys.isError ? (
          <p className="text-sm text-red-700">We couldn't load your passkeys. {passkeys.error.message}</p>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-slate-600">No passkeys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Your passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        <AddPasskeyForm />
      </CardContent>
    </Card>
  );
}

function AddPasskeyForm() {
  const hydrated = useHydrated();
  const status = useTwoFactorStatus();
  const first = status.data?.totp === false && status.data.passkeys === 0;
  const { handleSubmit, reset, field, showServerError } = useZodForm(passkeyNameFormSchema, NO_NAME);
  const add = useAddPasskey({ onDone: () => reset(NO_NAME), first });
  const submit = handleSubmit((values) => add.mutate(values, { onError: showServerError }));
  // The passkey came with the account's recovery codes, shown once: without them, losing it locks the
  // person out (docs/decisions/102-recovery-codes-for-every-second-factor.md).
  if (add.data?.recoveryCodes)
    return (
      <div className="grid gap-4 rounded-lg border border-slate-200 p-4">
        <h3 className="font-medium text-slate-900">Save your recovery codes</h3>
        <p className="text-sm text-slate-700">
          From now on, signing in with your password also asks for your passkey. If you lose it, your password
          and one of these codes sign you in instead.
        </p>
        <RecoveryCodes codes={add.data.recoveryCodes} onDone={() => add.reset()} doneLabel="Done" />
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <TextField
        label="Name for a new passkey"
        hint="So you can tell your passkeys apart, e.g. 'Work laptop'."
        autoComplete="off"
        {...field('name')}
      />
      <Button type="submit" className="sm:mt-7" disabled={add.isPending || !hydrated}>
        <KeyRound aria-hidden="true" className="size-4" />
        {add.isPending ? 'Adding...' : 'Add a passkey'}
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 text-slate-500" />
        <div>
          <p className="font-medium break-all text-slate-900">{passkey.name}</p>
          <p className="text-sm text-slate-600">
            Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
            {' · '}
            {passkey.lastUsedAt ? (
              <>
                Last used <time dateTime={passkey.lastUsedAt}>{formatDateTime(passkey.lastUsedAt)}</time>
              </>
            ) : (
              'Never used'
            )}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <RenamePasskey passkey={passkey} />
        <RemovePasskey passkey={passkey} />
      </div>
    </li>
  );
}

function RenamePasskey({ passkey }: { passkey: Passkey }) {
  const [open, setOpen] = useState(false);
  const current = { name: passkey.name };
  const { handleSubmit, reset, field, showServerError } = useZodForm(passkeyNameFormSchema, current);
  const rename = useRenamePasskey({ onDone: () => setOpen(false) });
  const submit = handleSubmit(({ name }) =>
    rename.mutate({ id: passkey.id, name }, { onError: showServerError }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (rename.isPending) return;
        setOpen(next);
        if (next) reset(current);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Rename passkey</DialogTitle>
        <DialogDescription>Choose a name that tells you which device this passkey is on.</DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField label="Passkey name" autoComplete="off" {...field('name')} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={rename.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? 'Saving...' : 'Save name'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemovePasskey({ passkey }: { passkey: Passkey }) {
  const [open, setOpen] = useState(false);
  const remove = useRemovePasskey({ onDone: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Remove ${passkey.name}`}>
          Remove
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Remove this passkey?</DialogTitle>
        <DialogDescription>
          "{passkey.name}" will no longer sign you in. You can add it again later.
        </DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Keep it
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(passkey.id)}>
            {remove.isPending ? 'Removing...' : 'Remove passkey'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
