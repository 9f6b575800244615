import { SiteLink } from '@client/components/layout/site-link';
import { Button } from '@client/components/ui/button';
import { PlanGrid } from '@client/features/pricing/plan-grid';
import { scrollToAnchor } from '@client/lib/scroll';
import { useTitle } from '@client/lib/use-title';
import { cn } from '@client/lib/utils';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { TRIAL_DAYS } from '@shared/constants';
import { Sparkles } from 'lucide-react';
import { FEATURE_CARDS } from './feature-cards';

// A first version of the landing page; the full marketing site replaces the sections' content.
export function HomePage() {
  useTitle();
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            Designed by dentists
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl">
            Dental clinical notes that write themselves
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
            {PRODUCT_NAME} listens to the appointment and writes the notes: no typing, no dictation. Try it
            free for {TRIAL_DAYS} days, cancel anytime.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <SiteLink markCurrent={false} to="/pricing">
                Get Started Free
              </SiteLink>
            </Button>
            <Button variant="outline" size="lg" onClick={() => scrollToAnchor('features')}>
              See Features
            </Button>
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2
              id="features-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              Everything a clinical record needs
            </h2>
            <p className="mt-4 text-lg text-slate-600">Less time writing, more time with patients.</p>
          </div>
          <div className="mt-12 rounded-2xl bg-indigo-700 p-8 text-white sm:p-10">
            <Sparkles aria-hidden="true" className="size-8 text-indigo-200" />
            <h3 className="mt-4 text-2xl font-semibold">
              AI-powered prediction and expert-approved smart records
            </h3>
            <p className="mt-2 max-w-2xl text-indigo-100">
              Faster, more accurate notes, with new features added every few days.
            </p>
          </div>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {FEATURE_CARDS.map(({ title, description, icon: Icon, span }) => (
              <li
                key={title}
                className={cn(
                  'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm',
                  span === 2 && 'md:col-span-2',
                )}
              >
                <Icon aria-hidden="true" className="size-6 text-indigo-600" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 bg-white py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Simple, transparent pricing
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Paid plans start with a {TRIAL_DAYS}-day free trial.
            </p>
          </div>
          <div className="mt-14">
            <PlanGrid headingLevel="h3" />
          </div>
        </div>
      </section>

      <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-20 py-20">
        <div className="mx-auto max-w-7xl px-4 text-center sm:px-6 lg:px-8">
          <h2
            id="testimonials-heading"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            What dentists say
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Stories from practices using {PRODUCT_NAME} are coming soon.
          </p>
        </div>
      </section>

      <section aria-labelledby="building-heading" className="bg-white py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="building-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            We are building new features every few days
          </h2>
          <p className="mt-4 text-lg text-slate-600">Tell us what would make your notes easier.</p>
          <Button asChild variant="outline" className="mt-8">
            <a href={`mailto:${SUPPORT_EMAIL}`}>Get in Touch</a>
          </Button>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-indigo-700 py-20 text-white">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
            Ready to spend less time on notes?
          </h2>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <SiteLink markCurrent={false} to="/auth">
                Get Started Free
              </SiteLink>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-indigo-600 focus-visible:ring-white focus-visible:ring-offset-indigo-700"
            >
              <SiteLink markCurrent={false} to="/contact">
                Request Demo
              </SiteLink>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
