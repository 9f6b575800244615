import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField } from '@client/components/ui/form-field';
import { SuccessNotice } from '@client/components/ui/success-notice';
import { paths } from '@client/config/paths';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { passwordResetRequestSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useRequestPasswordReset } from './api/request-password-reset';
import { AuthCardLayout } from './auth-card-layout';

const linkClass =
  'rounded-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function ForgotPasswordPage() {
  useTitle('Forgot password');
  const request = useRequestPasswordReset();
  const { handleSubmit, field } = useZodForm(passwordResetRequestSchema, { email: '' });

  return (
    <AuthCardLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="lg">
            Forgot your password?
          </CardTitle>
          <CardDescription>
            Enter the email address of your account and we'll send you a link to reset it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {request.isSuccess ? (
            // The server's wording never says whether the address has an account.
            <SuccessNotice icon={MailCheck}>{request.data.message}</SuccessNotice>
          ) : (
            <form
              noValidate
              className="grid gap-4"
              onSubmit={handleSubmit((values) => request.mutate(values))}
            >
              <EmailField {...field('email')} />
              <Button type="submit" className="w-full" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          )}
          <p className="mt-6 text-center text-sm text-slate-600">
            Remembered it?{' '}
            <Link to={paths.auth.getHref()} className={linkClass}>
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthCardLayout>
  );
}
