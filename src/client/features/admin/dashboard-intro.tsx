import { AdminPageHeader } from './admin-page-header';

/** The top of /admin/dashboard, the same in its prerendered shell (its route in src/client/app/routes) and on the page. */
export function DashboardIntro() {
  return (
    <AdminPageHeader title="Dashboard" description="Users, subscriptions and recent sign-ins at a glance." />
  );
}
