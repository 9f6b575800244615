import { LoadingPage } from '@client/components/layout/starting-page';
import { referralCodeQueryOptions } from '@client/features/referrals/api/get-referral-code';
import { referralStatsQueryOptions } from '@client/features/referrals/api/get-referral-stats';
import { ReferIntro } from '@client/features/referrals/refer-intro';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import type { ClientLoaderFunctionArgs } from 'react-router';
import { LoadedPage, prefetchWhenSignedIn, requireUser } from '../guards';

export const meta = () => [{ title: fullTitle('Refer a Friend') }];

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  prefetchWhenSignedIn('user', () => {
    void queryClient.prefetchQuery(referralCodeQueryOptions());
    void queryClient.prefetchQuery(referralStatsQueryOptions());
  });
  const [, Page] = await Promise.all([
    requireUser(request),
    import('@client/features/referrals/refer-page').then((m) => m.ReferPage),
  ]);
  return { Page };
}

export function HydrateFallback() {
  return (
    <LoadingPage width="medium">
      <ReferIntro />
    </LoadingPage>
  );
}

export default LoadedPage;
