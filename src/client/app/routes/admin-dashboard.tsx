import { AdminLoadingPage } from '@client/components/layout/starting-page';
import { getAdminStatsQueryOptions } from '@client/features/admin/api/get-stats';
import { DashboardIntro } from '@client/features/admin/dashboard-intro';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import { adminPage, LoadedPage } from '../guards';

export const meta = () => [{ title: fullTitle('Dashboard (admin)') }];

export const clientLoader = adminPage(
  () => import('@client/features/admin/dashboard-page').then((m) => m.AdminDashboardPage),
  () => queryClient.prefetchQuery(getAdminStatsQueryOptions()),
);

export function HydrateFallback() {
  return (
    <AdminLoadingPage>
      <DashboardIntro />
    </AdminLoadingPage>
  );
}

export default LoadedPage;
