import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@client/components/ui/dialog';
import { PasswordField, TextField } from '@client/components/ui/form-field';
import { MicrosoftLogo, microsoftProblem } from '@client/components/ui/microsoft';
import { describeFailure } from '@client/lib/api';
import { configQueryOptions } from '@client/lib/config';
import { useNavigation } from '@client/lib/navigation';
import { settleReauth, useReauthPrompt } from '@client/lib/reauth';
import { userQueryOptions } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useMicrosoftReturn } from '@client/lib/use-microsoft-return';
import { useZodForm } from '@client/lib/use-zod-form';
import { enteredPassword } from '@shared/schemas/fields';
import { codeSchema } from '@shared/schemas/two-factor';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useMicrosoftLink } from './api/microsoft';
import {
  type ReauthAccount,
  useFinishMicrosoftReauth,
  useReauth,
  useStartMicrosoftReauth,
} from './api/reauth';
import { twoFactorQueryOptions } from './api/two-factor';

const passwordSchema = z.object({ password: enteredPassword() });

/** The proof with Microsoft did not go through: why, in the server's words or Microsoft's outcome. */
const notConfirmed = (description: string) =>
  toast({ title: 'Not confirmed', description, variant: 'destructive' });

/**
 * 'Confirm it's you' (docs/architecture.md#identity): opened by withReauth when a sensitive action needs fresh
 * proof; once given, the action carries on by itself. Mounted once, on the account page (and on the
 * admins' enrolment page, `account="admin"`: their password, as they have no second factor yet).
 */
export function ReauthDialog({ account = 'user' }: { account?: ReauthAccount }) {
  const open = useReauthPrompt();
  // A user may answer with a code from their app when it is on, or with their linked Microsoft account
  // (the only proof of one who signs in with Microsoft alone).
  const twoFactor = useQuery({ ...twoFactorQueryOptions(), enabled: open && account === 'user' });
  const offerCode = twoFactor.data?.totp === true;
  const { data: config } = useQuery({ ...configQueryOptions(), enabled: account === 'user' });
  const microsoftOn = account === 'user' && config?.microsoftSignIn === true;
  const microsoft = useMicrosoftLink(open && microsoftOn).data?.account ?? null;
  // A person who joined with Microsoft has no password to give: their ways are Microsoft and a code.
  const { data: me } = useQuery({ ...userQueryOptions(), enabled: account === 'user' });
  const noPassword = account === 'user' && me?.hasPassword === false;
  const byPassword = !noPassword || (!microsoft && !offerCode);
  const ways = [
    byPassword ? 'your password again' : null,
    offerCode ? 'a code from your authenticator app' : null,
    microsoft ? `your Microsoft account ${microsoft.username}` : null,
  ].filter((way) => way !== null);
  return (
    <>
      {microsoftOn ? <MicrosoftReauthReturn /> : null}
      <Dialog open={open} onOpenChange={(next) => (next ? undefined : settleReauth(false))}>
        <DialogContent>
          <DialogTitle>Confirm it's you</DialogTitle>
          <DialogDescription>
            For your security, this needs {ways.join(', or ')}. You won't be asked again for 10 minutes.
          </DialogDescription>
          {open ? (
            <ReauthForm
              account={account}
              byPassword={byPassword}
              offerCode={offerCode}
              microsoft={microsoft?.username ?? null}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * Back from Microsoft (`?microsoft-reauth=`), the proof is given, or why not is said. What the person was
 * doing was left behind with the page: they do it again, without being asked.
 */
function MicrosoftReauthReturn() {
  const outcome = new URLSearchParams(useNavigation().search).get('microsoft-reauth');
  const finish = useFinishMicrosoftReauth();
  useMicrosoftReturn(outcome, () =>
    finish.mutate(undefined, {
      onSuccess: ({ message }) =>
        toast({ title: "Confirmed it's you", description: `${message} Go on with what you were doing.` }),
      onError: (error) => notConfirmed(describeFailure(error)),
    }),
  );
  const problem = microsoftProblem(outcome, 'confirm with Microsoft again');
  const told = useRef(false);
  useEffect(() => {
    if (!problem || told.current) return;
    told.current = true;
    notConfirmed(problem);
  }, [problem]);
  return null;
}

function ReauthForm({
  account,
  byPassword,
  offerCode,
  microsoft,
}: {
  account: ReauthAccount;
  /** The person has a password to give (one who joined with Microsoft has none). */
  byPassword: boolean;
  offerCode: boolean;
  /** The linked Microsoft account's username, when there is one to confirm with. */
  microsoft: string | null;
}) {
  const toMicrosoft = useStartMicrosoftReauth();
  const [codeChosen, setByCode] = useState(false);
  const byCode = codeChosen || (!byPassword && offerCode);
  // Neither a password nor a code: Microsoft's button is the only way, and there is nothing to submit.
  const nothingToType = !byPassword && !offerCode;
  const reauth = useReauth(account);
  const passwordForm = useZodForm(passwordSchema, { password: '' });
  const codeForm = useZodForm(codeSchema, { code: '' });
  const done = { onSuccess: () => settleReauth(true) };

  const submit = byCode
    ? codeForm.handleSubmit(({ code }) =>
        reauth.mutate({ code }, { ...done, onError: codeForm.showErrorUnder('code') }),
      )
    : passwordForm.handleSubmit(({ password }) =>
        reauth.mutate({ password }, { ...done, onError: passwordForm.showErrorUnder('password') }),
      );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {nothingToType ? null : byCode ? (
        <TextField
          key="code"
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          {...codeForm.field('code')}
        />
      ) : (
        <PasswordField
          key="password"
          label="Password"
          autoComplete="current-password"
          autoFocus
          {...passwordForm.field('password')}
        />
      )}
      {offerCode && byPassword ? (
        <div>
          <Button variant="link" size="inline" onClick={() => setByCode(!byCode)}>
            {byCode ? 'Use your password instead' : 'Use a code from your authenticator app instead'}
          </Button>
        </div>
      ) : null}
      {microsoft ? (
        <Button
          variant="outline"
          disabled={toMicrosoft.isPending}
          onClick={() =>
            toMicrosoft.mutate(undefined, { onError: (error) => notConfirmed(describeFailure(error)) })
          }
        >
          <MicrosoftLogo />
          Confirm with Microsoft
        </Button>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => settleReauth(false)}>
          Cancel
        </Button>
        {nothingToType ? null : (
          <Button type="submit" disabled={reauth.isPending}>
            {reauth.isPending ? 'Checking...' : 'Confirm'}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
