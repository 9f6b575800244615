import { SecondFactorStep } from '@client/components/two-factor/second-factor-step';
import { Button } from '@client/components/ui/button';
import { CardContent } from '@client/components/ui/card';
import { PasswordField, UsernameField } from '@client/components/ui/form-field';
import { FullScreenSpinner } from '@client/components/ui/spinner';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { adminLoginSchema } from '@shared/schemas/auth';
import type { TwoFactorRequired } from '@shared/schemas/two-factor';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AdminAuthFrame } from './admin-auth-frame';
import { useAdminLogin, useAdminLoginPasskey, useAdminLoginSecondFactor } from './api/admin-login';
import { useCurrentAdmin } from './api/get-admin';
import { adminRedirectTarget } from './redirects';

export function AdminLoginPage() {
  useTitle('Admin sign in');
  const [params] = useSearchParams();
  const target = adminRedirectTarget(params.get('redirect'));
  const { admin, isLoading } = useCurrentAdmin();
  const [challenge, setChallenge] = useState<TwoFactorRequired | null>(null);
  const login = useAdminLogin({ onChallenge: setChallenge });
  const secondFactor = useAdminLoginSecondFactor();
  const passkey = useAdminLoginPasskey();
  const { handleSubmit, field } = useZodForm(adminLoginSchema, { username: '', password: '' });

  if (isLoading) return <FullScreenSpinner />;
  // Signing in sets the admin query, so this one redirect serves both a fresh sign-in and a return visit.
  if (admin) return <Navigate to={target} replace />;

  return (
    <AdminAuthFrame
      title="Admin Login"
      description={challenge ? 'One more step: prove it is you.' : 'Sign in with your administrator account.'}
      footer={
        <Link
          to={paths.home.getHref()}
          className="rounded-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Back to Site
        </Link>
      }
    >
      <CardContent>
        {challenge ? (
          <SecondFactorStep
            methods={challenge.methods}
            pending={secondFactor.isPending || passkey.isPending}
            onSubmit={(code) => secondFactor.mutate(code)}
            onPasskey={() => passkey.mutate()}
            onCancel={() => setChallenge(null)}
          />
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={handleSubmit((credentials) => login.mutate(credentials))}
          >
            <UsernameField label="Username or email" {...field('username')} />
            <PasswordField autoComplete="current-password" {...field('password')} />
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
        )}
      </CardContent>
    </AdminAuthFrame>
  );
}
