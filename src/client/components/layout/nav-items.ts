import { paths } from '@client/config/paths';
export type NavItem = { to: string; label: string };

// Spec section 2, header. 'Get a Free Month' and 'My Referrals' both lead to /refer.
export const MAIN_LINKS: readonly NavItem[] = [
  { to: paths.home.getHref(), label: 'Home' },
  { to: paths.home.getHref('features'), label: 'Features' },
  { to: paths.home.getHref('testimonials'), label: 'Testimonials' },
  { to: paths.pricing.getHref(), label: 'Pricing' },
  { to: paths.refer.getHref(), label: 'Get a Free Month' },
];

const PRACTICE_LINK: NavItem = { to: paths.practice.getHref(), label: 'Practice' };

/** The header's links for a signed-in person: their practice too, when they are in one. */
export const signedInLinks = (user: { practice: unknown }): readonly NavItem[] => [
  { to: paths.refer.getHref(), label: 'My Referrals' },
  ...(user.practice ? [PRACTICE_LINK] : []),
];

// The account menu's entries; Account, Subscription and Settings are tabs of the one /account page.
const ACCOUNT_LINKS: readonly NavItem[] = [
  { to: paths.home.getHref(), label: 'Dashboard' },
  { to: paths.account.getHref(), label: 'Account' },
  { to: paths.account.getHref('subscription'), label: 'Subscription' },
  { to: paths.account.getHref(), label: 'Settings' },
  { to: paths.account.getHref('subscription'), label: 'Manage Subscription' },
  { to: paths.refer.getHref(), label: 'Refer a Friend' },
];

/** The account menu's entries for this person: the practice's page too, when they are in one. */
export const accountLinks = (user: { practice: unknown }): readonly NavItem[] =>
  user.practice ? [...ACCOUNT_LINKS, PRACTICE_LINK] : ACCOUNT_LINKS;
