import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { paths } from '@client/config/paths';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { PRODUCT_NAME } from '@shared/brand';
import { REFERRAL_MAX_FREE_MONTHS_PER_YEAR } from '@shared/constants';
import { invitationSchema, type ReferralStats } from '@shared/schemas/referrals';
import { CalendarCheck, Mail, MailWarning } from 'lucide-react';
import { useReferralCode } from './api/get-referral-code';
import { useReferralStats } from './api/get-referral-stats';
import { useSendInvitation } from './api/send-invitation';
import { CopyButton } from './copy-button';

const terms = [
  'One free month for you and one for your colleague, for each colleague who subscribes with your code.',
  'The free month is applied to the next billing cycle of each subscription.',
  `You can earn at most ${REFERRAL_MAX_FREE_MONTHS_PER_YEAR} free months in any rolling 12 months.`,
  'You and your colleague both need an active subscription.',
  'Your free months are credited once your email address is verified; any earned before then wait for it.',
];

/** Spec section 2: the user's referral code with a copy button, their referral stats and the terms. */
export function ReferPage() {
  useTitle('Refer a Friend');
  const code = useReferralCode();
  const stats = useReferralStats();
  const loading = code.isPending || stats.isPending;
  const { user } = useCurrentUser();

  return (
    <PageContainer width="medium">
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Get a free month</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900">Refer a Friend</h1>
      <p className="mt-4 text-lg text-pretty text-slate-600">
        Give a colleague a free month of {PRODUCT_NAME} and get one yourself when they subscribe with your
        code.
      </p>

      {user && !user.emailVerified ? (
        <p className="mt-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Verify your email address to receive your free months: open the link we sent to {user.email}.
            Months you earn before then are kept until you do.
          </span>
        </p>
      ) : null}

      {loading ? (
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-10 shadow-sm">
          <Spinner label="Loading your referral code" />
        </div>
      ) : (
        <div className="mt-10 grid gap-6">
          {code.data ? (
            <>
              <ReferralCode code={code.data} />
              <InviteForm />
            </>
          ) : (
            <NoCode />
          )}
          <Stats stats={stats.data} />
        </div>
      )}

      <section aria-labelledby="terms-heading" className="mt-10 rounded-2xl bg-indigo-50 p-6 sm:p-8">
        <h2 id="terms-heading" className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
          <CalendarCheck aria-hidden="true" className="size-6 text-indigo-600" />
          Terms
        </h2>
        <ul className="mt-4 grid list-disc gap-2 pl-5 text-slate-700">
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
    </PageContainer>
  );
}

function ReferralCode({ code }: { code: string }) {
  const shareLink = `${window.location.origin}${paths.auth.getReferralHref(code)}`;
  return (
    <Card role="region" aria-labelledby="code-heading">
      <CardHeader>
        <CardTitle id="code-heading">Your referral code</CardTitle>
        <CardDescription>
          Your colleague enters it when they choose a paid plan, or follows your link.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-center gap-4">
          <p className="rounded-lg border-2 border-dashed border-indigo-300 bg-indigo-50 px-5 py-3 font-mono text-3xl font-bold tracking-[0.2em] text-indigo-900 sm:text-4xl">
            {code}
          </p>
          <CopyButton value={code} label="Copy referral code" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="share-link">Share link</Label>
          <div className="flex gap-2">
            <Input
              id="share-link"
              readOnly
              value={shareLink}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono"
            />
            <CopyButton value={shareLink} label="Copy share link" />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function NoCode() {
  return (
    <Card role="region" aria-labelledby="code-heading">
      <CardHeader>
        <CardTitle id="code-heading">Your referral code</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-slate-700">
          We couldn't load your referral code just now. Please reload the page in a moment; if it still
          doesn't appear, contact us and we'll sort it out.
        </p>
      </CardContent>
    </Card>
  );
}

function InviteForm() {
  const { handleSubmit, reset, field } = useZodForm(invitationSchema, { friendEmail: '' });
  const send = useSendInvitation({ onDone: () => reset({ friendEmail: '' }) });
  const submit = handleSubmit((invitation) => send.mutate(invitation));

  return (
    <Card role="region" aria-labelledby="invite-heading">
      <CardHeader>
        <CardTitle id="invite-heading" className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-5 text-indigo-600" />
          Invite a colleague
        </CardTitle>
        <CardDescription>We'll email them your link, with your address to reply to.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <EmailField label="Friend's email" autoComplete="off" {...field('friendEmail')} />
          <Button type="submit" disabled={send.isPending} className="sm:mt-6">
            {send.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Stats({ stats }: { stats: ReferralStats | undefined }) {
  const figures = [
    { label: 'Total referrals', value: stats?.totalReferrals ?? 0 },
    { label: 'Pending', value: stats?.pendingReferrals ?? 0 },
    { label: 'Completed', value: stats?.completedReferrals ?? 0 },
    { label: 'Free months earned', value: stats?.credits ?? 0 },
  ];
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="text-2xl font-semibold text-slate-900">
        Your referrals
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-2 text-3xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
