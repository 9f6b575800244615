import { LoadingPage } from '@client/components/layout/starting-page';
import { AccountIntro } from '@client/features/account/account-intro';
import { prefetchAccountPage } from '@client/features/account/api/prefetch-account';
import { loadAccountTab } from '@client/features/account/tab-modules';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import type { ClientLoaderFunctionArgs } from 'react-router';
import { LoadedPage, prefetchWhenSignedIn, requireUser } from '../guards';

export const meta = () => [{ title: fullTitle('My Account') }];

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  prefetchWhenSignedIn('user', () => prefetchAccountPage(queryClient, url));
  // The tab the address opens shows with the page, not after it (tab-modules.ts).
  const [, Page] = await Promise.all([
    requireUser(request),
    import('@client/features/account/account-page').then((m) => m.AccountPage),
    loadAccountTab(url.searchParams.get('tab')),
  ]);
  return { Page };
}

export function HydrateFallback() {
  return (
    <LoadingPage width="narrow">
      <AccountIntro />
    </LoadingPage>
  );
}

export default LoadedPage;
