import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@client/components/ui/dialog';
import { PasswordField, TextField } from '@client/components/ui/form-field';
import { settleReauth, useReauthPrompt } from '@client/lib/reauth';
import { useZodForm } from '@client/lib/use-zod-form';
import { enteredPassword } from '@shared/schemas/fields';
import { codeSchema } from '@shared/schemas/two-factor';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { type ReauthAccount, useReauth } from './api/reauth';
import { twoFactorQueryOptions } from './api/two-factor';

const passwordSchema = z.object({ password: enteredPassword() });

/**
 * 'Confirm it's you' (docs/architecture.md#identity): opened by withReauth when a sensitive action needs fresh
 * proof; once given, the action carries on by itself. Mounted once, on the account page (and on the
 * admins' enrolment page, `account="admin"`: their password, as they have no second factor yet).
 */
export function ReauthDialog({ account = 'user' }: { account?: ReauthAccount }) {
  const open = useReauthPrompt();
  // A user may answer with a code from their app when it is on.
  const twoFactor = useQuery({ ...twoFactorQueryOptions(), enabled: open && account === 'user' });
  const offerCode = twoFactor.data?.totp === true;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : settleReauth(false))}>
      <DialogContent>
        <DialogTitle>Confirm it's you</DialogTitle>
        <DialogDescription>
          For your security, this needs your password again
          {offerCode ? ' (or a code from your authenticator app)' : ''}. You won't be asked again for 10
          minutes.
        </DialogDescription>
        {open ? <ReauthForm account={account} offerCode={offerCode} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReauthForm({ account, offerCode }: { account: ReauthAccount; offerCode: boolean }) {
  const [byCode, setByCode] = useState(false);
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
      {byCode ? (
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
      {offerCode ? (
        <div>
          <Button variant="link" size="inline" onClick={() => setByCode(!byCode)}>
            {byCode ? 'Use your password instead' : 'Use a code from your authenticator app instead'}
          </Button>
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => settleReauth(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={reauth.isPending}>
          {reauth.isPending ? 'Checking...' : 'Confirm'}
        </Button>
      </DialogFooter>
    </form>
  );
}
