import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { paths } from '@client/config/paths';
import { apiJson } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useTitle } from '@client/lib/use-title';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PasswordResetConfirm,
  type PasswordResetForm,
  passwordResetFormSchema,
} from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AuthCardLayout } from './auth-card-layout';
import { USER_QUERY_KEY } from './use-auth';

const linkClass =
  'rounded-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function ResetPasswordPage() {
  useTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (body: PasswordResetConfirm) =>
      apiJson<{ message: string }>('POST', '/api/password-reset/confirm', body),
    // A reset ends every session of that user, possibly this browser's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    onError: (error) => {
      toast({ title: 'Password reset failed', description: error.message, variant: 'destructive' });
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetForm>({
    resolver: zodResolver(passwordResetFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
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
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{confirm.data.message}</p>
        </div>
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
        onSubmit={handleSubmit(({ password }) => confirm.mutate({ token, password }))}
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
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
