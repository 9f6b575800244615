import { paths } from '@client/config/paths';
import { HAS_TESTIMONIALS } from '@client/content/operator-content';
export type NavItem = { to: string; label: string };

// docs/architecture.md#screens, header, for a visitor who is not signed in: the marketing site's links.
export const MAIN_LINKS: readonly NavItem[] = [
  { to: paths.home.getHref(), label: 'Home' },
  { to: paths.home.getHref('features'), label: 'Features' },
  // Only when the operator supplied testimonials (src/client/content/testimonials.ts).
  ...(HAS_TESTIMONIALS ? [{ to: paths.home.getHref('testimonials'), label: 'Testimonials' }] : []),
  { to: paths.pricing.getHref(), label: 'Pricing' },
  { to: paths.refer.getHref(), label: 'Get a Free Month' },
];

const PRACTICE_LINK: NavItem = { to: paths.practice.getHref(), label: 'Practice' };

/**
 * The header's links for a signed-in person: the app's, not the marketing site's (issue 18). The marketing header's
 * 'Get a Free Month' and 'My Referrals' both lead to /refer, so they are one entry here; the practice's
 * page too, when the person is in one. The logo still leads home.
 */
export const signedInLinks = (user: { practice: unknown }): readonly NavItem[] => [
  { to: paths.refer.getHref(), label: 'My Referrals' },
  ...(user.practice ? [PRACTICE_LINK] : []),
];

/**
 * The account menu's entries (docs/architecture.md#screens), each destination once: Account, Subscription
 * and Settings open their own tab of /account. The spec's 'Dashboard' led to the marketing page (the logo
 * does that), its 'Manage Subscription' to the Subscription tab again, and the practice's page is in the
 * header already: an entry that repeats another makes a person wonder what it was for (issue 44).
 */
export const ACCOUNT_LINKS: readonly NavItem[] = [
  { to: paths.account.getHref('profile'), label: 'Account' },
  { to: paths.account.getHref('subscription'), label: 'Subscription' },
  { to: paths.account.getHref('security'), label: 'Settings' },
  { to: paths.refer.getHref(), label: 'Refer a Friend' },
];
