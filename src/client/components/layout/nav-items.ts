export type NavItem = { to: string; label: string };

// Spec section 2, header. 'Get a Free Month' and 'My Referrals' both lead to /refer.
export const MAIN_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/#features', label: 'Features' },
  { to: '/#testimonials', label: 'Testimonials' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/refer', label: 'Get a Free Month' },
];

export const SIGNED_IN_LINKS: readonly NavItem[] = [{ to: '/refer', label: 'My Referrals' }];

// The account menu's entries; Account, Subscription and Settings are tabs of the one /account page.
export const ACCOUNT_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard' },
  { to: '/account', label: 'Account' },
  { to: '/account?tab=subscription', label: 'Subscription' },
  { to: '/account', label: 'Settings' },
  { to: '/account?tab=subscription', label: 'Manage Subscription' },
  { to: '/refer', label: 'Refer a Friend' },
];
