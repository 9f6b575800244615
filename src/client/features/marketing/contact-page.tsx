import { PageContainer } from '@client/components/layout/page-container';
import { paths } from '@client/config/paths';
import { MARKETING_META } from '@client/lib/page-meta';
import { useTitle } from '@client/lib/use-title';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { TRIAL_DAYS } from '@shared/constants';
import { CalendarCheck, Mail, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';

const reasons = [
  {
    icon: CalendarCheck,
    title: 'Request a demo',
    text: `See ${PRODUCT_NAME} write notes from a real appointment, with your templates, at a time that suits your practice.`,
  },
  {
    icon: MessageSquare,
    title: 'Ask a question',
    text: `Plans, the ${TRIAL_DAYS}-day free trial, multi-user practices, records and security: ask us anything.`,
  },
];

/** The contact page (src/site/pages/contact.astro); `form` is the contact form's island. */
export function ContactPage({ form }: { form: ReactNode }) {
  useTitle(MARKETING_META[paths.contact.path].title);
  return (
    <PageContainer spacing="roomy" className="grid gap-12 lg:grid-cols-5">
      <div className="lg:col-span-2">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">Contact us</h1>
        <p className="mt-4 text-lg text-slate-600">
          Request a demo of {PRODUCT_NAME} for your practice, or send us a question. We reply by email within
          one working day.
        </p>
        <ul className="mt-8 grid gap-6">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50">
                <Icon aria-hidden="true" className="size-5 text-indigo-600" />
              </span>
              <div>
                <h2 className="font-semibold text-slate-900">{title}</h2>
                <p className="mt-1 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 flex items-center gap-2 text-slate-600">
          <Mail aria-hidden="true" className="size-5 text-indigo-600" />
          <span>
            Or email{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {SUPPORT_EMAIL}
            </a>
          </span>
        </p>
      </div>
      <section
        aria-label="Contact form"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
      >
        {form}
      </section>
    </PageContainer>
  );
}
