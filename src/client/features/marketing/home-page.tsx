import { SiteLink } from '@client/components/layout/site-link';
import { Button } from '@client/components/ui/button';
import { paths } from '@client/config/paths';
import { FEATURE_CARDS, FEATURE_PANEL, FEATURES_INTRO } from '@client/content/features';
import { HAS_TESTIMONIALS } from '@client/content/operator-content';
import { INTERVAL_GROUP, IntervalSwitch } from '@client/features/pricing';
import { useReveal } from '@client/lib/use-reveal';
import { useTitle } from '@client/lib/use-title';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { TRIAL_DAYS } from '@shared/constants';
import { Check, Mail, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { HeroVisual } from './hero-visual';
import { ParticleBackground } from './particle-background';
import { SampleNote } from './sample-note';

const sectionHeading = 'text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl';

function SectionIntro({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <div className="reveal-item mx-auto max-w-2xl text-center">
      <h2 id={id} className={sectionHeading}>
        {heading}
      </h2>
      <p className="mt-4 text-lg text-pretty text-slate-600">{children}</p>
    </div>
  );
}

function Hero({ getStarted }: { getStarted: ReactNode }) {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div className="absolute inset-0 -z-20 bg-gradient-to-b from-indigo-50 to-slate-50" />
      {/* Around the words only: a canvas the height of the whole hero cost a phone too much to draw. */}
      <div className="relative">
        <ParticleBackground />
        <div className="mx-auto max-w-4xl px-4 pt-20 pb-14 text-center sm:px-6 sm:pt-28 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            Designed by dentists
          </p>
          <h1
            id="hero-heading"
            className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl"
          >
            Dental clinical notes that write themselves
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
            {PRODUCT_NAME} listens to the appointment and writes the notes: no typing, no dictation. Try it
            free for {TRIAL_DAYS} days, cancel anytime.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {getStarted}
          </div>
        </div>
      </div>
      {/* The sound the product hears, and the note it writes from it. */}
      <div className="mx-auto grid max-w-5xl gap-6 px-4 pb-20 sm:px-6 sm:pb-28 lg:grid-cols-2 lg:items-center lg:px-8">
        <HeroVisual />
        <SampleNote />
      </div>
    </section>
  );
}

function Features() {
  // docs/architecture.md#states: the features section animates in at 10 to 20 percent visible.
  const reveal = useReveal<HTMLElement>(0.15);
  const { icon: PanelIcon } = FEATURE_PANEL;
  return (
    <section
      {...reveal}
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="features-heading" heading={FEATURES_INTRO.heading}>
          {FEATURES_INTRO.text}
        </SectionIntro>
        <div className="reveal-item mt-12 grid gap-6 rounded-2xl bg-indigo-700 p-8 text-white delay-100 sm:p-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <PanelIcon aria-hidden="true" className="size-8 text-indigo-200" />
            <h3 className="mt-4 text-2xl font-semibold text-balance">{FEATURE_PANEL.title}</h3>
            <p className="mt-2 max-w-2xl text-indigo-100">{FEATURE_PANEL.description}</p>
          </div>
          <ul className="grid content-center gap-3">
            {FEATURE_PANEL.points.map((point) => (
              <li key={point} className="flex items-center gap-2 font-medium">
                <Check aria-hidden="true" className="size-5 shrink-0 text-indigo-200" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {FEATURE_CARDS.map(({ title, description, icon: Icon, span }, index) => (
            <li
              key={title}
              className={cn(
                'reveal-item rounded-2xl border border-slate-200 bg-white p-6 shadow-sm',
                span === 2 && 'md:col-span-2',
                index % 2 === 1 ? 'delay-300' : 'delay-200',
              )}
            >
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-indigo-50">
                <Icon aria-hidden="true" className="size-6 text-indigo-600" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Pricing({ plans }: { plans: ReactNode }) {
  const reveal = useReveal<HTMLElement>();
  return (
    <section
      {...reveal}
      id="pricing"
      aria-labelledby="pricing-heading"
      className="scroll-mt-20 bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="pricing-heading" heading="Simple, transparent pricing">
          Paid plans start with a {TRIAL_DAYS}-day free trial. Cancel anytime.
        </SectionIntro>
        <div className={cn('reveal-item mt-10 delay-100', INTERVAL_GROUP)}>
          <IntervalSwitch />
          <div className="mt-10">{plans}</div>
        </div>
      </div>
    </section>
  );
}

function Testimonials({ testimonials }: { testimonials: ReactNode }) {
  const reveal = useReveal<HTMLElement>();
  return (
    <section
      {...reveal}
      id="testimonials"
      aria-labelledby="testimonials-heading"
      className="scroll-mt-20 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="testimonials-heading" heading="What dentists say">
          Clinicians and practice teams on writing notes with {PRODUCT_NAME}.
        </SectionIntro>
        <div className="mt-12">{testimonials}</div>
      </div>
    </section>
  );
}

function Building() {
  const reveal = useReveal<HTMLElement>();
  return (
    <section {...reveal} aria-labelledby="building-heading" className="bg-white py-20 sm:py-24">
      <div className="reveal-item mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50">
          <Sparkles aria-hidden="true" className="size-6 text-indigo-600" />
        </span>
        <h2 id="building-heading" className={cn('mt-6', sectionHeading)}>
          We're building new features every few days
        </h2>
        <p className="mt-4 text-lg text-pretty text-slate-600">
          {PRODUCT_NAME} grows with the dentists who use it. Tell us what would make your notes, letters or
          audits easier, and it may be in the next release.
        </p>
        <Button asChild variant="outline" size="lg" className="mt-8">
          <a href={`mailto:${SUPPORT_EMAIL}`}>
            <Mail aria-hidden="true" className="size-5" />
            Get in Touch
          </a>
        </Button>
      </div>
    </section>
  );
}

/** The hero's second action for a visitor: a link, which works before any script and on '/' scrolls. */
export function SeeFeatures() {
  return (
    <Button asChild variant="outline" size="lg">
      <SiteLink to={paths.home.getHref('features')} markCurrent={false}>
        See Features
      </SiteLink>
    </Button>
  );
}

/** The closing section's actions for a visitor: the trial, or a demo. */
export function ClosingOffer() {
  return (
    <>
      <Button asChild size="lg" variant="secondary">
        <SiteLink markCurrent={false} to={paths.auth.getHref()}>
          Get Started Free
        </SiteLink>
      </Button>
      <Button asChild size="lg" variant="inverse">
        <SiteLink markCurrent={false} to={paths.contact.getHref('demo')}>
          Request Demo
        </SiteLink>
      </Button>
    </>
  );
}

function ClosingCallToAction({ actions }: { actions: ReactNode }) {
  const reveal = useReveal<HTMLElement>();
  return (
    <section {...reveal} aria-labelledby="cta-heading" className="bg-indigo-700 py-20 text-white sm:py-24">
      <div className="reveal-item mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to spend less time on notes?
        </h2>
        <p className="mt-4 text-lg text-indigo-100">
          Start free, or let us show you {PRODUCT_NAME} in your own practice.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">{actions}</div>
      </div>
    </section>
  );
}

/**
 * The landing page (src/site/pages/index.astro). Its parts that run script are Astro's islands, handed
 * in: the hero's and the closing calls to action (the offer, or for a person with access the note app
 * and their account: home-actions.tsx), the plans and the testimonials.
 */
export function HomePage({
  getStarted,
  plans,
  testimonials,
  closingActions,
}: {
  getStarted: ReactNode;
  plans: ReactNode;
  testimonials: ReactNode;
  closingActions: ReactNode;
}) {
  useTitle();
  return (
    <>
      <Hero getStarted={getStarted} />
      <Features />
      <Pricing plans={plans} />
      {/* Only when the operator supplied testimonials (src/client/content/testimonials.ts). */}
      {HAS_TESTIMONIALS ? <Testimonials testimonials={testimonials} /> : null}
      <Building />
      <ClosingCallToAction actions={closingActions} />
    </>
  );
}
