import { Button, buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { SuccessNotice } from '@client/components/ui/success-notice';
import { paths } from '@client/config/paths';
import { describeFailure } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useVerifyEmail } from './api/verify-email';
import { AuthCardLayout } from './auth-card-layout';

const alertClass = 'rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900';

/**
 * Where the verification and email-change links land. Opening the page changes nothing (mail
 * scanners open links too): the button does, with a POST.
 */
export function VerifyEmailPage() {
  useTitle('Confirm your email');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const verify = useVerifyEmail();
  const { user } = useCurrentUser();
  const onward = user ? (
    <Link to={paths.account.getHref()} className={buttonVariants({ className: 'w-full' })}>
      Go to my account
    </Link>
  ) : (
    <Link to={paths.auth.getHref()} className={buttonVariants({ className: 'w-full' })}>
      Sign in
    </Link>
  );

  let body: ReactNode;
  if (!token) {
    body = (
      <p role="alert" className={alertClass}>
        This link is incomplete: it has no token. Open the link from your email again.
      </p>
    );
  } else if (verify.isSuccess) {
    body = (
      <div className="grid gap-4">
        <SuccessNotice>{verify.data.message}</SuccessNotice>
        {onward}
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        {verify.isError ? (
          <p role="alert" className={alertClass}>
            {describeFailure(verify.error)}
          </p>
        ) : null}
        <Button className="w-full" disabled={verify.isPending} onClick={() => verify.mutate(token)}>
          {verify.isPending ? 'Confirming...' : 'Confirm my email address'}
        </Button>
      </div>
    );
  }

  return (
    <AuthCardLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="lg">
            Confirm your email address
          </CardTitle>
          <CardDescription>One click shows us this address is yours.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </AuthCardLayout>
  );
}
