import { Button } from '@client/components/ui/button';
import { EmailAddress } from '@client/components/ui/email-address';
import { describeFailure } from '@client/lib/api';
import { MailWarning } from 'lucide-react';
import { useResendVerification } from './api/resend-verification';

/** Shown to a signed-in user until they open the link we mailed (docs/architecture.md#identity). */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section
      aria-labelledby="verify-email-heading"
      className="border-amber-200 border-b bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <MailWarning aria-hidden="true" className="size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p id="verify-email-heading" className="font-semibold">
            Please verify your email address
          </p>
          <p className="text-sm">
            We sent a link to <EmailAddress address={email} />. Open it to confirm the address is yours.
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending...' : 'Resend the link'}
        </Button>
        <p role="status" className="w-full text-sm empty:hidden">
          {resend.isSuccess ? resend.data.message : resend.isError ? describeFailure(resend.error) : ''}
        </p>
      </div>
    </section>
  );
}
