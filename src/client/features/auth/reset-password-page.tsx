import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { PasswordField } from '@client/components/ui/form-field';
import { SuccessNotice } from '@client/components/ui/success-notice';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { passwordResetFormSchema } from '@shared/schemas/auth';
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
    body = (
      <div className="grid gap-4">
        <SuccessNotice>{confirm.data.message}</SuccessNotice>
        <Link to={paths.auth.getHref()} className={buttonVariants({ className: 'w-full' })}>
          Sign in
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
