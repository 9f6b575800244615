import { AdminPageHeader } from './admin-page-header';

// Placeholder until the admin issue adds the data.
export function AdminNewsletterPage() {
  return <AdminPageHeader title="Newsletter" description="Newsletter subscribers." />;
}
