import { RecoveryCodes } from '@client/components/two-factor/recovery-codes';
import { TotpEnrolment } from '@client/components/two-factor/totp-enrolment';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { useZodForm } from '@client/lib/use-zod-form';
import { codeSchema } from '@shared/schemas/two-factor';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import {
  enableTotp,
  setupTotp,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useTotpEnabled,
  useTwoFactorStatus,
} from './api/two-factor';

/** docs/architecture.md#identity: an authenticator app as a second factor, with recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  return (
    <Card role="region" aria-labelledby="two-factor-heading">
      <CardHeader>
        <CardTitle id="two-factor-heading">Two-factor sign-in</CardTitle>
        <CardDescription>
          With an authenticator app, signing in asks for a code from your phone after your password: a stolen
          password alone no longer opens your account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <div role="status" aria-label="Loading two-factor sign-in" className="grid gap-2">
            <div className="h-4 w-40 rounded bg-slate-200 motion-safe:animate-pulse" />
            <div className="h-10 w-56 rounded bg-slate-100 motion-safe:animate-pulse" />
          </div>
        ) : status.isError ? (
          <p className="text-sm text-red-700">
            We couldn't load your two-factor settings. {status.error.message}
          </p>
        ) : status.data.totp ? (
          <TotpOn recoveryCodesLeft={status.data.recoveryCodesLeft} />
        ) : (
          <TotpOff first={status.data.passkeys === 0} />
        )}
      </CardContent>
    </Card>
  );
}

function TotpOff({ first }: { first: boolean }) {
  const enabled = useTotpEnabled({ first });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">Two-factor sign-in is off.</p>
      <TotpEnrolment setup={setupTotp} enable={enableTotp} onDone={enabled} doneLabel="Done" />
    </div>
  );
}

function TotpOn({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const [turningOff, setTurningOff] = useState(false);
  const regenerate = useRegenerateRecoveryCodes();

  if (regenerate.data)
    return (
      <RecoveryCodes
        codes={regenerate.data.recoveryCodes}
        onDone={() => regenerate.reset()}
        doneLabel="Done"
      />
    );

  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700" />
        Two-factor sign-in is on
      </p>
      <p className="text-sm text-slate-700">
        {recoveryCodesLeft === 1 ? '1 recovery code left.' : `${recoveryCodesLeft} recovery codes left.`}
        {recoveryCodesLeft <= 3 ? ' Make a new set before you run out.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
          {regenerate.isPending ? 'Making codes...' : 'Make new recovery codes'}
        </Button>
        {turningOff ? null : (
          <Button variant="outline" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        )}
      </div>
      {turningOff ? <TurnOffForm onCancel={() => setTurningOff(false)} /> : null}
    </div>
  );
}

function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const disable = useDisableTotp({ onDone: onCancel });
  const { handleSubmit, field, showErrorUnder } = useZodForm(codeSchema, { code: '' });
  return (
    <form
      noValidate
      className="grid max-w-xs gap-4"
      onSubmit={handleSubmit(({ code }) => disable.mutate(code, { onError: showErrorUnder('code') }))}
    >
      <TextField
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        spellCheck={false}
        autoFocus
        {...field('code')}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
