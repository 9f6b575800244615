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

type Way = 'totp' | 'recovery' | 'passkey';

const CODE_WAYS = {
  totp: {
    intro: 'Open your authenticator app and enter the 6-digit code it shows for ChairNotes.',
    label: 'Authentication code',
    inputMode: 'numeric',
    switchTo: 'Use your authenticator app',
  },
  recovery: {
    intro:
      'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.',
    label: 'Recovery code',
    inputMode: 'text',
    switchTo: 'Use a recovery code',
  },
} as const;

/**
 * After the password, when the account has a second factor: a code from the authenticator app, the
 * passkey, or one of the recovery codes, which stand in for either (so a lost phone or passkey does not
 * lock the person out). Shared by the user's and the admin's sign-in.
 */
export function SecondFactorStep({ methods, pending, onSubmit, onPasskey, onCancel }: SecondFactorStepProps) {
  const passkey = onPasskey && methods.includes('passkey') ? onPasskey : undefined;
  const [way, setWay] = useState<Way>(methods.includes('totp') ? 'totp' : passkey ? 'passkey' : 'recovery');
  const { handleSubmit, field, reset } = useZodForm(codeSchema, { code: '' });
  const submit = handleSubmit(({ code }) => onSubmit(code));
  const codeWays = (['totp', 'recovery'] as const).filter((w) => w !== way && methods.includes(w));
  const switchTo = (next: Way) => {
    reset({ code: '' });
    setWay(next);
  };

  const links = (
    <div className="flex flex-wrap justify-between gap-2 text-sm">
      <span className="flex flex-wrap gap-x-4 gap-y-2">
        {codeWays.map((w) => (
          <Button key={w} variant="link" size="inline" onClick={() => switchTo(w)}>
            {CODE_WAYS[w].switchTo}
          </Button>
        ))}
      </span>
      <Button variant="link" size="inline" onClick={onCancel}>
        Back to sign in
      </Button>
    </div>
  );

  if (way === 'passkey')
    return (
      <div className="grid gap-4">
        <p className="text-sm text-slate-600">
          Use the passkey on your phone, computer or security key to finish signing in.
        </p>
        <Button className="w-full" disabled={pending || !passkey} onClick={passkey}>
          <KeyRound aria-hidden="true" className="size-4" />
          {pending ? 'Waiting for your passkey...' : 'Use your passkey'}
        </Button>
        {links}
      </div>
    );

  const words = CODE_WAYS[way];
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-600">{words.intro}</p>
      <TextField
        key={way}
        label={words.label}
        autoComplete="one-time-code"
        inputMode={words.inputMode}
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
      {links}
    </form>
  );
}
