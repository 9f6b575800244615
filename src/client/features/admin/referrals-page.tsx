import { AdminPageHeader } from './admin-page-header';

// Placeholder until the admin issue adds the data.
export function AdminReferralsPage() {
  return <AdminPageHeader title="Referrals" description="Referral codes shared and their status." />;
}
