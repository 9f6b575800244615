import type { MarketingPath } from '@client/lib/page-meta';
import type { ComponentType } from 'react';

/**
 * The marketing pages that are prerendered at build time and hydrated by entry-marketing.tsx.
 * The app's router shows the same components when a visitor navigates to them inside the app.
 */
export const MARKETING_PAGES: Record<MarketingPath, () => Promise<ComponentType>> = {
  '/': () => import('@client/features/marketing/home-page').then((m) => m.HomePage),
  '/pricing': () => import('@client/features/pricing/pricing-page').then((m) => m.PricingPage),
  '/referral-program': () =>
    import('@client/features/referrals/referral-program-page').then((m) => m.ReferralProgramPage),
  '/auth': () => import('@client/features/auth/auth-page').then((m) => m.AuthPage),
  '/contact': () => import('@client/features/marketing/contact-page').then((m) => m.ContactPage),
};

/** The file the build writes for a marketing path: '/' -> 'home.html', '/pricing' -> 'pricing.html'. */
export function prerenderedFile(path: string): string {
  return `${path === '/' ? 'home' : path.slice(1)}.html`;
}
