import { LogoMark } from '@client/components/layout/brand';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { PasswordField, UsernameField } from '@client/components/ui/form-field';
import { FullScreenSpinner } from '@client/components/ui/spinner';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { PRODUCT_NAME } from '@shared/brand';
import { adminLoginSchema } from '@shared/schemas/auth';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useAdminLogin } from './api/admin-login';
import { useCurrentAdmin } from './api/get-admin';
import { adminRedirectTarget } from './redirects';

export function AdminLoginPage() {
  useTitle('Admin sign in');
  const [params] = useSearchParams();
  const target = adminRedirectTarget(params.get('redirect'));
  const { admin, isLoading } = useCurrentAdmin();
  const login = useAdminLogin();
  const { handleSubmit, field } = useZodForm(adminLoginSchema, { username: '', password: '' });

  if (isLoading) return <FullScreenSpinner />;
  // Signing in sets the admin query, so this one redirect serves both a fresh sign-in and a return visit.
  if (admin) return <Navigate to={target} replace />;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-slate-900">
          <LogoMark />
          {PRODUCT_NAME} Admin
        </p>
        <Card>
          <CardHeader>
            <CardTitle as="h1" size="lg">
              Admin Login
            </CardTitle>
            <CardDescription>Sign in with your administrator account.</CardDescription>
          </CardHeader>
          <CardContent>
            <form
              noValidate
              className="grid gap-4"
              onSubmit={handleSubmit((credentials) => login.mutate(credentials))}
            >
              <UsernameField {...field('username')} />
              <PasswordField autoComplete="current-password" {...field('password')} />
              <Button type="submit" className="w-full" disabled={login.isPending}>
                {login.isPending ? 'Signing in...' : 'Sign in'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm">
          <Link
            to={paths.home.getHref()}
            className="rounded-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Back to Site
          </Link>
        </p>
      </div>
    </main>
  );
}
