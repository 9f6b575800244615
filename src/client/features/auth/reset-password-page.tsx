import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { PasswordField } from '@client/components/ui/form-field';
import { SuccessNotice } from '@client/components/ui/success-notice';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { passwordResetFormSchema } from '@shared/schemas/auth';
import type { RemainingSecondFactors } from '@shared/schemas/two-factor';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from './api/reset-password';
import { AuthCardLayout } from './auth-card-layout';

const linkClass =
  'rounded-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function ResetPasswordPage() {
  useTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useResetPassword();
  const { handleSubmit, field, showServerError } = useZodForm(passwordResetFormSchema, {
    password: '',
    confirmPassword: '',
  });

  let body: ReactNode;
  if (!token) {
    body = (
      <div className="grid gap-4">
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          This password reset link is incomplete: it has no reset token. Open the link from your email again,
          or request a new one.
        </p>
        <Link to={paths.forgotPassword.getHref()} className={buttonVariants({ className: 'w-full' })}>
          Request a new reset link
        </Link>
      </div>
    );
  } else if (confirm.isSuccess) {
    const { secondFactors } = confirm.data;
    const any = secondFactors.totp || secondFactors.passkeys.length > 0;
    body = (
      <div className="grid gap-4">
        <SuccessNotice>{confirm.data.message}</SuccessNotice>
        {any ? <RemainingFactorsList {...secondFactors} /> : null}
        <Link
          to={paths.auth.getHref(any ? paths.account.getHref('security') : undefined)}
          className={buttonVariants({ className: 'w-full' })}
        >
          {any ? 'Sign in and review them' : 'Sign in'}
        </Link>
      </div>
    );
  } else {
    body = (
      <form
        noValidate
        className="grid gap-4"
        onSubmit={handleSubmit(({ password }) =>
          confirm.mutate({ token, password }, { onError: showServerError }),
        )}
      >
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters, not a common one."
          {...field('password')}
        />
        <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" className="w-full" disabled={confirm.isPending}>
          {confirm.isPending ? 'Resetting...' : 'Reset password'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Link expired?{' '}
          <Link to={paths.forgotPassword.getHref()} className={linkClass}>
            Request a new one
          </Link>
        </p>
      </form>
    );
  }

  return (
    <AuthCardLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="lg">
            Reset your password
          </CardTitle>
          <CardDescription>Choose a new password for your account.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </AuthCardLayout>
  );
}

/**
 * After a reset, the second factors that still sign in to the account: someone who had the old password
 * may have added one (docs/decisions/068-second-factors-need-fresh-proof.md). The person removes any they
 * do not recognise from the Security tab once signed in.
 */
function RemainingFactorsList({ totp, passkeys }: RemainingSecondFactors) {
  return (
    <section aria-labelledby="remaining-factors-heading" className="grid gap-2 text-sm text-slate-700">
      <h2 id="remaining-factors-heading" className="font-medium text-slate-900">
        These still sign in to your account
      </h2>
      <ul className="list-disc pl-5">
        {totp ? <li>An authenticator app (two-factor sign-in is on)</li> : null}
        {passkeys.map((name, i) => (
          // Two passkeys may share a name.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
          <li key={i}>Passkey "{name}"</li>
        ))}
      </ul>
      <p>If you don't recognise one, sign in and remove it in the Security tab of your account.</p>
    </section>
  );
}
