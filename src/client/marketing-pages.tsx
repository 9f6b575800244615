import { paths } from '@client/config/paths';
import { Island } from '@client/islands/island';
import type { MarketingPath } from '@client/lib/page-meta';
import type { ComponentType } from 'react';

/**
 * The marketing pages that are prerendered at build time; entry-marketing.ts hydrates their islands.
 * The app's router shows the same components when a visitor navigates to them inside the app.
 */
export const MARKETING_PAGES: Record<MarketingPath, () => Promise<ComponentType>> = {
  [paths.home.path]: () => import('@client/features/marketing/home-page').then((m) => m.HomePage),
  [paths.pricing.path]: () => import('@client/features/pricing/pricing-page').then((m) => m.PricingPage),
  [paths.referralProgram.path]: () =>
    import('@client/features/referrals/referral-program-page').then((m) => m.ReferralProgramPage),
  // The whole page is its forms: they run script once the visitor starts on them (design.md section 8:
  // validation may load on first focus), at once for an address with a query (?tab=register, ?ref=)
  // or a signed-in visitor (who is sent on).
  [paths.auth.path]: () =>
    import('@client/features/auth/auth-page').then(({ AuthPage }) => () => (
      <Island name="authPage" component={AuthPage} hydrate={['interaction', 'query', 'session']} />
    )),
  [paths.contact.path]: () => import('@client/features/marketing/contact-page').then((m) => m.ContactPage),
};

/** The file the build writes for a marketing path: '/' -> 'home.html', '/pricing' -> 'pricing.html'. */
export function prerenderedFile(path: string): string {
  return `${path === paths.home.path ? 'home' : path.slice(1)}.html`;
}
