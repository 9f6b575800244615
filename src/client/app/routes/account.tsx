import { LoadingPage } from '@client/components/layout/starting-page';
import { AccountIntro } from '@client/features/account/account-intro';
import { prefetchAccountPage } from '@client/features/account/api/prefetch-account';
import { loadAccountTab } from '@client/features/account/tab-modules';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import { LoadedPage, userPage } from '../guards';

export const meta = () => [{ title: fullTitle('My Account') }];

export const clientLoader = userPage(
  // The tab the address opens shows with the page, not after it (tab-modules.ts).
  (url) =>
    Promise.all([
      import('@client/features/account/account-page'),
      loadAccountTab(url.searchParams.get('tab')),
    ]).then(([m]) => m.AccountPage),
  (url) => prefetchAccountPage(queryClient, url),
);

export function HydrateFallback() {
  return (
    <LoadingPage width="narrow">
      <AccountIntro />
    </LoadingPage>
  );
}

export default LoadedPage;
