import { paths } from '@client/config/paths';
import { NewsletterForm } from '@client/features/marketing';
import { cn } from '@client/lib/utils';
import { LEGAL_LINKS, PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { Mail } from 'lucide-react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { LogoMark } from './brand';
import { SiteLink } from './site-link';

const linkClass = cn(
  'rounded-sm text-sm text-slate-300 transition-colors hover:text-white',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
);

const siteLinks = [
  { to: paths.home.getHref(), label: 'Home' },
  { to: paths.pricing.getHref(), label: 'Pricing' },
  { to: paths.refer.getHref(), label: 'Get a Free Month' },
  { to: paths.auth.getHref(), label: 'Get Started' },
];

const legalLinks = [
  { href: paths.security.getHref(), label: 'Security' },
  { href: LEGAL_LINKS.privacy, label: 'Privacy policy' },
  { href: LEGAL_LINKS.terms, label: 'Terms of service' },
  { href: LEGAL_LINKS.cookies, label: 'Cookie policy' },
];

const noSubscription = () => () => {};
const currentYear = () => new Date().getFullYear();
const noYear = () => null;

/**
 * The year in the copyright line. Prerendered pages are built before they are read, so their HTML has
 * no year: their script adds it, and the app renders it.
 */
function useCurrentYear(): number | null {
  return useSyncExternalStore(noSubscription, currentYear, noYear);
}

/** The site's footer; `newsletter`: the sign-up form as an island of an Astro page (the app's otherwise). */
export function Footer({ newsletter }: { newsletter?: ReactNode }) {
  const year = useCurrentYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-12 lg:px-8">
        <div className="lg:col-span-4">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark />
            {PRODUCT_NAME}
          </p>
          <p className="mt-3 max-w-sm text-sm">
            AI clinical notes for dentists, written from the appointment audio.
          </p>
        </div>
        <nav aria-label="Footer" className="lg:col-span-2">
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="mt-3 grid gap-2">
            {siteLinks.map(({ to, label }) => (
              <li key={label}>
                <SiteLink to={to} className={linkClass}>
                  {label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="lg:col-span-2">
          <h2 className="text-sm font-semibold text-white">Legal and contact</h2>
          <ul className="mt-3 grid gap-2">
            {legalLinks.map(({ href, label }) => (
              <li key={label}>
                <a href={href} className={linkClass}>
                  {label}
                </a>
              </li>
            ))}
            <li>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className={cn(linkClass, 'inline-flex items-center gap-1.5')}
              >
                <Mail aria-hidden="true" className="size-4" />
                Email Us
              </a>
            </li>
          </ul>
        </div>
        <div className="lg:col-span-4">{newsletter ?? <NewsletterForm />}</div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {/* On a marketing page, its script fills the year in (src/site/scripts/site.ts). */}©{' '}
          <span data-current-year="">{year}</span> {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
