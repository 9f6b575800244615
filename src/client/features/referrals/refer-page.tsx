import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmailField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton, SkeletonList, SkeletonText } from '@client/components/ui/skeleton';
import { paths } from '@client/config/paths';
import { formatDate } from '@client/features/account';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { useZodForm } from '@client/lib/use-zod-form';
import { REFERRAL_MAX_FREE_MONTHS_PER_YEAR } from '@shared/constants';
import { invitationSchema, type ReferralListItem, type ReferralStats } from '@shared/schemas/referrals';
import { CalendarCheck, Mail, MailWarning } from 'lucide-react';
import { useReferralCode } from './api/get-referral-code';
import { useReferralStats } from './api/get-referral-stats';
import { useReferrals } from './api/get-referrals';
import { useSendInvitation } from './api/send-invitation';
import { CopyButton } from './copy-button';
import { ReferIntro } from './refer-intro';

const terms = [
  'One free month for you and one for your colleague, for each colleague who subscribes with your code.',
  'The free month is applied to the next billing cycle of each subscription.',
  `You can earn at most ${REFERRAL_MAX_FREE_MONTHS_PER_YEAR} free months in any rolling 12 months.`,
  'You and your colleague both need an active subscription.',
  'Your free months are credited once your email address is verified; any earned before then wait for it.',
];

/** docs/architecture.md#screens: the user's referral code with a copy button, their referral stats and the terms. */
export function ReferPage() {
  useTitle('Refer a Friend');
  const code = useReferralCode();
  const stats = useReferralStats();
  const { user } = useCurrentUser();

  return (
    <PageContainer width="medium">
      <ReferIntro />

      {user && !user.emailVerified ? (
        <p className="mt-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Verify your email address to receive your free months: open the link we sent to {user.email}.
            Months you earn before then are kept until you do.
          </span>
        </p>
      ) : null}

      {/* While the code and figures load, their cards stand in their place at their size: nothing moves
          when they come (docs/architecture.md#budgets). */}
      <div className="mt-10 grid gap-6">
        {code.isPending || code.data ? (
          <>
            <ReferralCode code={code.data ?? null} />
            <InviteForm />
          </>
        ) : (
          <NoCode />
        )}
        <Stats stats={stats.data} />
        <ReferralList />
      </div>

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

/** A code this long stands in for the user's while it loads, so that its box has the size it will have. */
const CODE_PLACEHOLDER = 'XXXXXXXX';

/** The user's code, or (null) its placeholder while it loads. */
function ReferralCode({ code }: { code: string | null }) {
  const shareLink = code ? `${window.location.origin}${paths.auth.getReferralHref(code)}` : '';
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
          {code ? (
            <p className="rounded-lg border-2 border-dashed border-indigo-300 bg-indigo-50 px-5 py-3 font-mono text-3xl font-bold tracking-[0.2em] text-indigo-900 sm:text-4xl">
              {code}
            </p>
          ) : (
            <p
              role="status"
              aria-label="Loading your referral code"
              className="rounded-lg border-2 border-dashed border-indigo-200 bg-indigo-50 px-5 py-3 font-mono text-3xl font-bold tracking-[0.2em] text-transparent select-none motion-safe:animate-pulse sm:text-4xl"
            >
              <span aria-hidden="true">{CODE_PLACEHOLDER}</span>
            </p>
          )}
          <CopyButton value={code ?? ''} label="Copy referral code" disabled={!code} />
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
            <CopyButton value={shareLink} label="Copy share link" disabled={!code} />
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

/** The figures, or (undefined) placeholders of their size while they load. */
function Stats({ stats }: { stats: ReferralStats | undefined }) {
  const figures = [
    { label: 'Total referrals', value: stats?.totalReferrals },
    { label: 'Pending', value: stats?.pendingReferrals },
    { label: 'Completed', value: stats?.completedReferrals },
    { label: 'Free months earned', value: stats?.credits },
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
            <dd className="mt-2 text-3xl font-bold text-slate-900">
              {value ?? <SkeletonText sample="00" />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Each state in words, with a mark that is not colour alone. */
const STATE: Record<ReferralListItem['status'], string> = {
  pending: 'Waiting for payment',
  completed: 'Completed',
  expired: 'Ended',
};
const REWARD: Record<NonNullable<ReferralListItem['reward']>, { label: string; className: string }> = {
  earned: { label: 'Free month earned', className: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
  held: { label: 'Free month waiting', className: 'border-amber-300 bg-amber-50 text-amber-950' },
  none: { label: 'No free month', className: 'border-slate-300 bg-slate-50 text-slate-800' },
};

/**
 * Each referral, the latest first: the colleague (their address masked), where it stands and, once they
 * paid, whether the person earned a month, and if not, why (referrals/rewards.ts referralOutcome).
 */
function ReferralList() {
  const referrals = useReferrals();
  return (
    <section aria-labelledby="referral-list-heading">
      <h3 id="referral-list-heading" className="text-lg font-semibold text-slate-900">
        Each referral
      </h3>
      {referrals.isPending ? (
        <SkeletonList
          label="Loading your referrals"
          count={2}
          className="mt-3 gap-3"
          item={() => <Skeleton className="h-16 rounded-xl bg-slate-100" />}
        />
      ) : referrals.isError ? (
        <p className="mt-3 text-sm text-red-700">
          We couldn't load your referrals. {referrals.error.message}{' '}
          <Button variant="link" size="inline" onClick={() => referrals.refetch()}>
            Try again
          </Button>
        </p>
      ) : referrals.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No referrals yet. When a colleague starts a trial with your code, it shows here.
        </p>
      ) : (
        <ul aria-labelledby="referral-list-heading" className="mt-3 grid gap-3">
          {referrals.data.map((referral) => (
            <li key={referral.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-slate-900">{referral.friend}</p>
                <p className="text-sm text-slate-600">
                  {STATE[referral.status]}
                  {' · '}
                  {referral.completedAt
                    ? `paid ${formatDate(referral.completedAt)}`
                    : `started ${formatDate(referral.createdAt)}`}
                </p>
              </div>
              {referral.reward ? (
                <p
                  className={`mt-2 inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium ${REWARD[referral.reward].className}`}
                >
                  {REWARD[referral.reward].label}
                </p>
              ) : null}
              <p className="mt-2 text-sm text-slate-700">{referral.explanation}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
