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
import { useState } from 'react';
import { z } from 'zod';
import { useReauth } from './api/reauth';
import { useTwoFactorStatus } from './api/two-factor';

const passwordSchema = z.object({ password: enteredPassword() });

/**
 * 'Confirm it's you' (design.md section 12): opened by withReauth when a sensitive action needs fresh
 * proof; once given, the action carries on by itself. Mounted once, on the account page.
 */
export function ReauthDialog() {
  const open = useReauthPrompt();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : settleReauth(false))}>
      <DialogContent>
        <DialogTitle>Confirm it's you</DialogTitle>
        <DialogDescription>
          For your security, this needs your password again (or a code from your authenticator app). You won't
          be asked again for 10 minutes.
        </DialogDescription>
        {open ? <ReauthForm /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReauthForm() {
  const twoFactor = useTwoFactorStatus();
  const [byCode, setByCode] = useState(false);
  const reauth = useReauth();
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
      {twoFactor.data?.totp ? (
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
