import { AdminLoadingPage } from '@client/components/layout/starting-page';
import { getAdminStatsQueryOptions } from '@client/features/admin/api/get-stats';
import { DashboardIntro } from '@client/features/admin/dashboard-intro';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import type { ClientLoaderFunctionArgs } from 'react-router';
import { LoadedPage, prefetchWhenSignedIn, requireAdmin } from '../guards';

export const meta = () => [{ title: fullTitle('Dashboard (admin)') }];

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  prefetchWhenSignedIn('admin', () => queryClient.prefetchQuery(getAdminStatsQueryOptions()));
  const [, Page] = await Promise.all([
    requireAdmin(request),
    import('@client/features/admin/dashboard-page').then((m) => m.AdminDashboardPage),
  ]);
  return { Page };
}

export function HydrateFallback() {
  return (
    <AdminLoadingPage>
      <DashboardIntro />
    </AdminLoadingPage>
  );
}

export default LoadedPage;
