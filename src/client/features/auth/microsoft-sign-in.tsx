import { Button } from '@client/components/ui/button';
import { MicrosoftLogo, microsoftProblem } from '@client/components/ui/microsoft';
import { configQueryOptions } from '@client/lib/config';
import { useMicrosoftReturn } from '@client/lib/use-microsoft-return';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { useQuery } from '@tanstack/react-query';
import { useMicrosoftSignIn, useStartMicrosoftSignIn } from './api/microsoft-sign-in';

/**
 * 'Sign in with Microsoft' (docs/architecture.md#microsoft-sign-in), shown only where it is configured.
 * Back from Microsoft (`?microsoft=done`), it finishes the sign-in: a linked account signs in (or is asked
 * its second factor); an unlinked one (`unlinked`, its Microsoft username) is never matched to an account
 * by its email: signing in here with the password links it. `refusal`: the practice's words when it
 * refused the password because it signs its team in with Microsoft.
 */
export function MicrosoftSignIn({
  outcome,
  returnTo,
  unlinked,
  onUnlinked,
  refusal,
  onChallenge,
}: {
  outcome: string | null;
  returnTo: string | undefined;
  unlinked: string | null;
  onUnlinked: (username: string) => void;
  refusal: string | null;
  onChallenge: (challenge: TwoFactorRequired) => void;
}) {
  const { data: config } = useQuery(configQueryOptions());
  const start = useStartMicrosoftSignIn();
  const finish = useMicrosoftSignIn({ onChallenge, onUnlinked });
  useMicrosoftReturn(outcome, finish.mutate);

  if (!config?.microsoftSignIn) return null;
  const problem = microsoftProblem(outcome, 'sign in with Microsoft again');
  return (
    <div className="mt-6 grid gap-3 border-t border-slate-200 pt-6">
      {problem || refusal ? (
        <p role="alert" className="text-sm text-red-700">
          {problem ?? refusal}
        </p>
      ) : null}
      {unlinked ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          No ChairNotes account is linked to the Microsoft account{' '}
          <span className="font-semibold">{unlinked}</span>. If you have one, sign in above with your
          password: {unlinked} is then linked to it, and signs you in from then on. Otherwise, register.
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        disabled={start.isPending || finish.isPending}
        onClick={() => start.mutate(returnTo)}
      >
        <MicrosoftLogo />
        {finish.isPending ? 'Signing in...' : 'Sign in with Microsoft'}
      </Button>
    </div>
  );
}
