import { LogoMark } from '@client/components/layout/brand';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/form-field';
import { FullScreenSpinner } from '@client/components/ui/spinner';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';
import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_NAME } from '@shared/brand';
import { type AdminLoginRequest, adminLoginSchema } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { adminRedirectTarget, useAdminLoginMutation, useCurrentAdmin } from './use-admin-auth';

export function AdminLoginPage() {
  useTitle('Admin sign in');
  const [params] = useSearchParams();
  const target = adminRedirectTarget(params.get('redirect'));
  const { admin, isLoading } = useCurrentAdmin();
  const login = useAdminLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginRequest>({
    resolver: zodResolver(adminLoginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

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
              <TextField
                label="Username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                error={errors.username?.message}
                {...register('username')}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register('password')}
              />
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
