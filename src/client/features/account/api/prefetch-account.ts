import type { QueryClient } from '@tanstack/react-query';
import { billingDetailsQueryOptions } from './billing-details';
import { invoicesQueryOptions } from './get-invoices';
import { passkeysQueryOptions } from './get-passkeys';
import { paymentMethodQueryOptions } from './get-payment-method';
import { securityQueryOptions } from './get-security';
import { subscriptionQueryOptions } from './get-subscription';
import { twoFactorQueryOptions } from './two-factor';

/**
 * What the account page's open tab (`?tab=`) shows, asked for as the route starts (src/client/app/routes/account.tsx) beside
 * the page's code, not once that code has loaded and rendered. The Profile tab reads only the session.
 */
export function prefetchAccountPage(queryClient: QueryClient, url: URL): void {
  const tab = url.searchParams.get('tab');
  if (tab === 'subscription') {
    void queryClient.prefetchQuery(subscriptionQueryOptions());
    void queryClient.prefetchQuery(paymentMethodQueryOptions());
    void queryClient.prefetchQuery(invoicesQueryOptions());
    void queryClient.prefetchQuery(billingDetailsQueryOptions());
  } else if (tab === 'security') {
    void queryClient.prefetchQuery(securityQueryOptions());
    void queryClient.prefetchQuery(passkeysQueryOptions());
    void queryClient.prefetchQuery(twoFactorQueryOptions());
  }
}
