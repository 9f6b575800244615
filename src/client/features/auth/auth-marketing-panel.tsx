import { PRODUCT_NAME } from '@shared/brand';
import { TRIAL_DAYS } from '@shared/constants';
import { CircleCheck } from 'lucide-react';

const points = [
  'Clinical notes written from the appointment audio: no typing, no dictation',
  'Patient letters, consent forms and referrals at the click of a button',
  `${TRIAL_DAYS}-day free trial, cancel anytime`,
  'Designed by dentists, with new features every few days',
];

/** The sign-in page's second column, shown on large screens only (docs/architecture.md#screens). */
export function AuthMarketingPanel() {
  return (
    <section
      aria-labelledby="auth-marketing-heading"
      className="hidden flex-col justify-center bg-gradient-to-br from-indigo-700 to-indigo-900 p-12 text-white lg:flex"
    >
      <h2 id="auth-marketing-heading" className="text-3xl font-bold tracking-tight">
        Spend your time on patients, not paperwork
      </h2>
      <p className="mt-4 max-w-md text-indigo-100">
        {PRODUCT_NAME} listens to the appointment and writes the dental clinical notes for you.
      </p>
      <ul className="mt-8 grid max-w-md gap-4">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-200" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
