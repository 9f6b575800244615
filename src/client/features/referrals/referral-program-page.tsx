import { PageContainer } from '@client/components/layout/page-container';
import { SiteLink } from '@client/components/layout/site-link';
import { buttonVariants } from '@client/components/ui/button';
import { useCurrentUser } from '@client/features/auth/use-auth';
import { Redirect } from '@client/lib/navigation';
import { MARKETING_META } from '@client/lib/page-meta';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME } from '@shared/brand';
import { REFERRAL_MAX_FREE_MONTHS_PER_YEAR } from '@shared/constants';

const steps = [
  {
    title: 'Share your code',
    text: 'Sign in and copy your personal referral code from the Refer a Friend page.',
  },
  { title: 'Your colleague subscribes', text: 'They enter your code when they choose a paid plan.' },
  {
    title: 'You both get a free month',
    text: 'Each of you gets one month free, applied to the next billing cycle.',
  },
];

export function ReferralProgramPage() {
  useTitle(MARKETING_META['/referral-program'].title);
  const { user } = useCurrentUser();
  // A subscriber already has a code: the page that shows it is more use to them than this one.
  if (user) return <Redirect to="/refer" />;
  return (
    <PageContainer className="max-w-4xl py-16">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">
        Refer a colleague, both get a free month
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        Know a dentist who would rather treat patients than type notes? Recommend {PRODUCT_NAME} and you both
        get a month free.
      </p>
      <h2 className="mt-12 text-2xl font-semibold text-slate-900">How it works</h2>
      <ol className="mt-6 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-sm font-semibold text-indigo-700">Step {index + 1}</p>
            <h3 className="mt-2 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-slate-600">
        You can earn up to {REFERRAL_MAX_FREE_MONTHS_PER_YEAR} free months in any 12 months. Both of you need
        an active subscription.
      </p>
      <SiteLink to="/auth" markCurrent={false} className={buttonVariants({ size: 'lg', className: 'mt-10' })}>
        Get Started Now
      </SiteLink>
    </PageContainer>
  );
}
