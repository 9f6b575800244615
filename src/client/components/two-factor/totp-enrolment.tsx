import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/form-field';
import { describeFailure } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useZodForm } from '@client/lib/use-zod-form';
import type { TotpSetup } from '@shared/schemas/two-factor';
import { codeSchema } from '@shared/schemas/two-factor';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RecoveryCodes } from './recovery-codes';

type TotpEnrolmentProps = {
  /** POST .../2fa/totp/setup */
  setup: () => Promise<TotpSetup>;
  /** POST .../2fa/totp/enable: the recovery codes, once the code is right */
  enable: (code: string) => Promise<{ recoveryCodes: string[] }>;
  /** After the recovery codes are kept. */
  onDone: () => void;
  doneLabel: string;
  /** Shown above the steps, not beside the recovery codes (such as "Two-factor sign-in is off."). */
  before?: ReactNode;
};

/**
 * Turning on an authenticator app (docs/architecture.md#identity): a QR code and the same secret as text, a first
 * code to prove the app has it, then the recovery codes, once. The user's Security tab and the admins'
 * enrolment use it with their own endpoints.
 */
export function TotpEnrolment({ setup, enable, onDone, doneLabel, before }: TotpEnrolmentProps) {
  const start = useMutation({
    mutationFn: setup,
    onError: (error) =>
      toast({
        title: 'Failed to start two-factor setup',
        description: describeFailure(error),
        variant: 'destructive',
      }),
  });
  const confirm = useMutation({ mutationFn: enable });
  const { handleSubmit, field, showErrorUnder } = useZodForm(codeSchema, { code: '' });

  if (confirm.data)
    return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onDone} doneLabel={doneLabel} />;

  if (!start.data)
    return (
      <div className="grid gap-4">
        {before}
        <div>
          <Button disabled={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? 'Starting...' : 'Set up an authenticator app'}
          </Button>
        </div>
      </div>
    );

  const { secret, qrDataUrl } = start.data;
  return (
    <div className="grid gap-4">
      {before}
      <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700">
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator
          or 1Password).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={qrDataUrl}
        alt="QR code to add ChairNotes to your authenticator app"
        width={176}
        height={176}
        className="rounded-lg border border-slate-200"
      />
      <p className="text-sm text-slate-700">
        Key: <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono">{secret}</code>
      </p>
      <form
        noValidate
        className="grid max-w-xs gap-4"
        onSubmit={handleSubmit(({ code }) => confirm.mutate(code, { onError: showErrorUnder('code') }))}
      >
        <TextField
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          {...field('code')}
        />
        <div>
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn on'}
          </Button>
        </div>
      </form>
    </div>
  );
}
