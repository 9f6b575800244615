import { LoadingPage } from '@client/components/layout/starting-page';
import { referralCodeQueryOptions } from '@client/features/referrals/api/get-referral-code';
import { referralStatsQueryOptions } from '@client/features/referrals/api/get-referral-stats';
import { referralsQueryOptions } from '@client/features/referrals/api/get-referrals';
import { ReferIntro } from '@client/features/referrals/refer-intro';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import { LoadedPage, userPage } from '../guards';

export const meta = () => [{ title: fullTitle('Refer a Friend') }];

export const clientLoader = userPage(
  () => import('@client/features/referrals/refer-page').then((m) => m.ReferPage),
  () => {
    void queryClient.prefetchQuery(referralCodeQueryOptions());
    void queryClient.prefetchQuery(referralStatsQueryOptions());
    void queryClient.prefetchQuery(referralsQueryOptions());
  },
);

export function HydrateFallback() {
  return (
    <LoadingPage width="medium">
      <ReferIntro />
    </LoadingPage>
  );
}

export default LoadedPage;
