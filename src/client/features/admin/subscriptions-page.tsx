import { AdminPageHeader } from './admin-page-header';

// Placeholder until the admin issue adds the data.
export function AdminSubscriptionsPage() {
  return (
    <AdminPageHeader title="Subscriptions" description="Users on a paid plan with an active subscription." />
  );
}
