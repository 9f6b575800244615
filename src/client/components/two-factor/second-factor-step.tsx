import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/form-field';
import { useZodForm } from '@client/lib/use-zod-form';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { codeSchema } from '@shared/schemas/two-factor';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';

type SecondFactorStepProps = {
  methods: TwoFactorRequired['methods'];
  pending: boolean;
  onSubmit: (code: string) => void;
  /** Offered when the account has a passkey (methods include 'passkey'). */
  onPasskey?: () => void;
  onCancel: () => void;
};

/**
 * After the password, when the account has a second factor: a code from the authenticator app, or one
 * of the recovery codes. Shared by the user's and the admin's sign-in.
 */
export function SecondFactorStep({ methods, pending, onSubmit, onPasskey, onCancel }: SecondFactorStepProps) {
  const [recovery, setRecovery] = useState(!methods.includes('totp'));
  const { handleSubmit, field, reset } = useZodForm(codeSchema, { code: '' });
  const submit = handleSubmit(({ code }) => onSubmit(code));
  const passkey = onPasskey && methods.includes('passkey') ? onPasskey : undefined;
  const codes = methods.includes('totp') || methods.includes('recovery');

  if (!codes)
    return (
      <div className="grid gap-4">
        <p className="text-sm text-slate-600">
          Use the passkey on your phone, computer or security key to finish signing in.
        </p>
        <Button className="w-full" disabled={pending || !passkey} onClick={passkey}>
          <KeyRound aria-hidden="true" className="size-4" />
          {pending ? 'Waiting for your passkey...' : 'Use your passkey'}
        </Button>
        <div className="text-right text-sm">
          <Button variant="link" size="inline" onClick={onCancel}>
            Back to sign in
          </Button>
        </div>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for ChairNotes.'}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
        {...field('code')}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Checking...' : 'Verify'}
      </Button>
      {passkey ? (
        <Button variant="outline" className="w-full" disabled={pending} onClick={passkey}>
          <KeyRound aria-hidden="true" className="size-4" />
          Use your passkey instead
        </Button>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {methods.includes('totp') && methods.includes('recovery') ? (
          <Button
            variant="link"
            size="inline"
            onClick={() => {
              reset({ code: '' });
              setRecovery(!recovery);
            }}
          >
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="link" size="inline" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
