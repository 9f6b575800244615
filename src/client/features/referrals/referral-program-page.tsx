import { PageContainer } from '@client/components/layout/page-container';
import { SiteLink } from '@client/components/layout/site-link';
import { buttonVariants } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { MARKETING_META } from '@client/lib/page-meta';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME } from '@shared/brand';
import { REFERRAL_MAX_FREE_MONTHS_PER_YEAR, TRIAL_DAYS } from '@shared/constants';
import { CalendarCheck, ChevronDown, Gift, Share2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';

const MAX = REFERRAL_MAX_FREE_MONTHS_PER_YEAR;

const steps = [
  {
    icon: Share2,
    title: 'Share your code',
    text: 'Sign in and copy your personal referral code from the Refer a Friend page, then send it to a colleague.',
  },
  {
    icon: UserPlus,
    title: 'Your colleague subscribes',
    text: `They enter your code when they choose a paid plan, and start their ${TRIAL_DAYS}-day free trial as usual.`,
  },
  {
    icon: Gift,
    title: 'You both get a free month',
    text: 'When their first paid month begins, each of you gets one month free, applied to the next billing cycle.',
  },
];

const terms = [
  'One free month for you and one for your colleague, for each colleague who subscribes with your code.',
  'The free month is applied to the next billing cycle of each subscription.',
  `You can earn up to ${MAX} free months in any rolling 12 months.`,
  'You and your colleague both need an active subscription.',
];

const faqs = [
  {
    question: 'Who can I refer?',
    answer: `Any dentist or practice colleague who is not yet a ${PRODUCT_NAME} subscriber. They need to use your code when they choose a paid plan.`,
  },
  {
    question: 'When do we get the free month?',
    answer:
      "Your colleague's free month is the first month after their free trial. Yours is applied to your next billing cycle once they have paid for a month (the one after their free month).",
  },
  {
    question: 'Is there a limit?',
    answer: `Yes: up to ${MAX} free months in any rolling 12 months. Once you reach it, further referrals still help your colleagues, and your next free month becomes available as older ones fall outside the 12 months.`,
  },
  {
    question: 'Do we both need to subscribe?',
    answer:
      'Yes. A free month is a month of a paid plan, so both of you need an active subscription for it to be applied.',
  },
  {
    question: 'Where do I find my code?',
    answer:
      'Sign in and open Refer a Friend from the menu: your code is there with a copy button, with your referral stats.',
  },
];

/**
 * The referral programme's page (src/site/pages/referral-program.astro); `redirect` is the island that
 * sends a signed-in visitor to their own referral page.
 */
export function ReferralProgramPage({ redirect }: { redirect: ReactNode }) {
  useTitle(MARKETING_META[paths.referralProgram.path].title);
  return (
    <PageContainer width="medium" spacing="roomy">
      {/* A subscriber already has a code: the page that shows it is more use to them than this one. */}
      {redirect}
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Referral programme</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900">
        Refer a colleague, both get a free month
      </h1>
      <p className="mt-4 text-lg text-pretty text-slate-600">
        Know a dentist who would rather treat patients than type notes? Recommend {PRODUCT_NAME}: when they
        subscribe with your code, you each get a month free.
      </p>
      <SiteLink
        to={paths.auth.getHref()}
        markCurrent={false}
        className={buttonVariants({ size: 'lg', className: 'mt-8' })}
      >
        Get Started Now
      </SiteLink>

      <section aria-labelledby="how-heading" className="mt-16">
        <h2 id="how-heading" className="text-2xl font-semibold text-slate-900">
          How it works
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-indigo-600" />
              <p className="mt-4 text-sm font-semibold text-indigo-700">Step {index + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="terms-heading" className="mt-16 rounded-2xl bg-indigo-50 p-6 sm:p-8">
        <h2 id="terms-heading" className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
          <CalendarCheck aria-hidden="true" className="size-6 text-indigo-600" />
          The rewards
        </h2>
        <ul className="mt-4 grid list-disc gap-2 pl-5 text-slate-700">
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-heading" className="mt-16">
        <h2 id="faq-heading" className="text-2xl font-semibold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {faqs.map(({ question, answer }) => (
            <details key={question} className="group px-6 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <p className="mt-3 text-slate-600">{answer}</p>
            </details>
          ))}
        </div>
      </section>

      <div className="mt-16 text-center">
        <h2 className="text-2xl font-semibold text-slate-900">Ready to share {PRODUCT_NAME}?</h2>
        <p className="mt-2 text-slate-600">Create an account to get your referral code.</p>
        <SiteLink
          to={paths.auth.getHref()}
          markCurrent={false}
          className={buttonVariants({ size: 'lg', className: 'mt-6' })}
        >
          Get Started Now
        </SiteLink>
      </div>
    </PageContainer>
  );
}
