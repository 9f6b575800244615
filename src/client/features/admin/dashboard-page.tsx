import { AdminPageHeader } from './admin-page-header';

// Placeholder until the admin issue adds the data.
export function AdminDashboardPage() {
  return (
    <AdminPageHeader title="Dashboard" description="Users, subscriptions and recent sign-ins at a glance." />
  );
}
