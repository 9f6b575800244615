import { AdminPageHeader } from './admin-page-header';

// Placeholder until the admin issue adds the data.
export function AdminUsersPage() {
  return <AdminPageHeader title="Users" description="Everyone who has registered." />;
}
