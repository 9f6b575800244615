// The account page's Subscription and Security tabs are code of their own (Stripe's form, the billing
// details, passkeys, two-factor), loaded when first opened: the page a person lands on, the Profile tab,
// does not wait for them. The route's loader waits for a tab the address opens (src/client/app/routes/account.tsx), so a page
// opened on that tab shows it at once.

type Tabs = {
  subscription?: typeof import('./subscription-tab');
  security?: typeof import('./security-tab');
};

/**
 * The tabs' modules once loaded. A lazy component suspends on its first render even when its code is
 * already here; the page renders a loaded tab directly instead, with no placeholder in between to be
 * replaced by something taller.
 */
export const loadedTabs: Tabs = {};

export const loadSubscriptionTab = () =>
  import('./subscription-tab').then((module) => (loadedTabs.subscription = module));
export const loadSecurityTab = () =>
  import('./security-tab').then((module) => (loadedTabs.security = module));

/** The code of `tab` (an account page's `?tab=`), if it has its own; nothing to wait for otherwise. */
export function loadAccountTab(tab: string | null): Promise<unknown> | undefined {
  if (tab === 'subscription') return loadSubscriptionTab();
  if (tab === 'security') return loadSecurityTab();
  return undefined;
}
