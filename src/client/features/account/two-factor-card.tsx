import { RecoveryCodes } from '@client/components/two-factor/recovery-codes';
import { TotpEnrolment } from '@client/components/two-factor/totp-enrolment';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { useZodForm } from '@client/lib/use-zod-form';
import { codeSchema, type TwoFactorStatus } from '@shared/schemas/two-factor';
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

/**
 * docs/architecture.md#identity: a second step after the password (an authenticator app, or a passkey), with
 * recovery codes that stand in for either (docs/decisions/102-recovery-codes-for-every-second-factor.md).
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  return (
    <Card role="region" aria-labelledby="two-factor-heading">
      <CardHeader>
        <CardTitle id="two-factor-heading">Two-factor sign-in</CardTitle>
        <CardDescription>
          With an authenticator app or a passkey, signing in with your password asks for a second step: a
          stolen password alone no longer opens your account. Recovery codes stand in if you lose either.
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
        ) : status.data.totp || status.data.passkeys > 0 ? (
          <TwoFactorOn {...status.data} />
        ) : (
          <TwoFactorOff />
        )}
      </CardContent>
    </Card>
  );
}

function TwoFactorOff() {
  const enabled = useTotpEnabled({ first: true });
  return (
    <TotpEnrolment
      setup={setupTotp}
      enable={enableTotp}
      onDone={enabled}
      doneLabel="Done"
      before={<p className="text-sm text-slate-700">Two-factor sign-in is off.</p>}
    />
  );
}

/** What guards the account, in words: "authenticator app", "passkey", or both. */
const factorsInWords = ({ totp, passkeys }: TwoFactorStatus) =>
  [totp ? 'authenticator app' : null, passkeys > 0 ? (passkeys === 1 ? 'passkey' : 'passkeys') : null]
    .filter(Boolean)
    .join(' and ');

function recoveryCodesInWords(left: number) {
  if (left === 0)
    return 'You have no recovery codes left. Make a set now: without them, losing your phone or passkey would lock you out.';
  const count = left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`;
  return left <= 3 ? `${count} Make a new set before you run out.` : count;
}

function TwoFactorOn(status: TwoFactorStatus) {
  const [turningOff, setTurningOff] = useState(false);
  const regenerate = useRegenerateRecoveryCodes();
  const enabled = useTotpEnabled({ first: false });

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
        Two-factor sign-in is on ({factorsInWords(status)})
      </p>
      <p className="text-sm text-slate-700">{recoveryCodesInWords(status.recoveryCodesLeft)}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
          {regenerate.isPending ? 'Making codes...' : 'Make new recovery codes'}
        </Button>
        {status.totp && !turningOff ? (
          <Button variant="outline" onClick={() => setTurningOff(true)}>
            {status.passkeys > 0 ? 'Turn off the authenticator app' : 'Turn off'}
          </Button>
        ) : null}
      </div>
      {turningOff ? (
        <TurnOffForm passkeysRemain={status.passkeys > 0} onCancel={() => setTurningOff(false)} />
      ) : null}
      {status.totp ? null : (
        <TotpEnrolment setup={setupTotp} enable={enableTotp} onDone={enabled} doneLabel="Done" />
      )}
    </div>
  );
}

/** `passkeysRemain`: only the app goes; two-factor sign-in stays on with the passkeys. */
function TurnOffForm({ passkeysRemain, onCancel }: { passkeysRemain: boolean; onCancel: () => void }) {
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
          {disable.isPending
            ? 'Turning off...'
            : passkeysRemain
              ? 'Turn off the authenticator app'
              : 'Turn off two-factor sign-in'}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
