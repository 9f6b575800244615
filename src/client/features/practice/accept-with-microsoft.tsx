import { Button } from '@client/components/ui/button';
import { MicrosoftLogo, microsoftProblem } from '@client/components/ui/microsoft';
import { paths } from '@client/config/paths';
import { describeFailure } from '@client/lib/api';
import { useMicrosoftReturn } from '@client/lib/use-microsoft-return';
import type { InvitationPreview } from '@shared/schemas/practice';
import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useJoinWithMicrosoft, useStartJoinWithMicrosoft } from './api/join-with-microsoft';

const failure = (error: Error | null) => (error ? describeFailure(error) : null);

/**
 * 'Accept with Microsoft' on the join page (docs/decisions/094-sign-in-with-microsoft.md): the person signs
 * in at Microsoft with their work account of the practice's organisation and comes back here
 * (`?microsoft=done`), which registers them without a password and joins them. A refusal (another
 * organisation, an address with an account) is said here, in the server's words.
 */
export function AcceptWithMicrosoft({
  token,
  invitation,
  primary = false,
}: {
  token: string;
  invitation: InvitationPreview;
  primary?: boolean;
}) {
  const id = useId();
  const [params] = useSearchParams();
  const outcome = params.get('microsoft');
  const navigate = useNavigate();
  const start = useStartJoinWithMicrosoft();
  const finish = useJoinWithMicrosoft({ onDone: () => navigate(paths.practice.getHref()) });
  useMicrosoftReturn(outcome, finish.mutate);

  const problem =
    failure(finish.error) ?? failure(start.error) ?? microsoftProblem(outcome, 'accept with Microsoft again');
  return (
    <div className={primary ? 'grid gap-3' : 'grid gap-3 border-t border-slate-200 pt-4'}>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {invitation.microsoft === 'required'
          ? `${invitation.practiceName} signs its team in with Microsoft. Accept with your work account of the practice (NHSmail or Microsoft 365): you need no password here.`
          : `Or accept with your Microsoft work account of ${invitation.practiceName} (NHSmail or Microsoft 365): you need no password here.`}
      </p>
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <Button
        type="button"
        variant={primary ? 'default' : 'outline'}
        className="w-full"
        aria-describedby={`${id}-hint`}
        disabled={start.isPending || finish.isPending}
        onClick={() => start.mutate(token)}
      >
        <MicrosoftLogo />
        {finish.isPending ? 'Joining...' : 'Accept with Microsoft'}
      </Button>
    </div>
  );
}
