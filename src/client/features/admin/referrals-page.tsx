import { EmailAddress } from '@client/components/ui/email-address';
import { referralSearchFields, referralStatusName } from '@shared/admin-lists';
import type { AdminReferral } from '@shared/schemas/admin';
import { AdminList } from './admin-list';
import { AdminPageHeader } from './admin-page-header';
import { ADMIN_REFERRALS_CSV, useAdminReferrals } from './api/get-referrals';
import { Badge, type BadgeTone } from './badge';
import { formatDate } from './format';
import type { TableColumn } from './virtual-table';

type Status = AdminReferral['status'];
const statusTones: Record<Status, BadgeTone> = { pending: 'warning', completed: 'good', expired: 'neutral' };

const columns: TableColumn<AdminReferral>[] = [
  {
    header: 'Referrer',
    width: 'minmax(12rem, 1.6fr)',
    cell: (r) => (
      <>
        <span className="block font-medium text-slate-900">{r.referrerUsername}</span>
        <EmailAddress address={r.referrerEmail} className="block text-slate-600" />
      </>
    ),
  },
  {
    header: 'Friend',
    width: 'minmax(12rem, 1.4fr)',
    cell: (r) => <EmailAddress address={r.friendEmail} className="block" />,
  },
  {
    header: 'Code',
    width: 'minmax(7rem, 0.8fr)',
    cell: (r) => <span className="font-mono">{r.referralCode}</span>,
  },
  {
    header: 'Status',
    width: 'minmax(6.5rem, 0.7fr)',
    cell: (r) => <Badge tone={statusTones[r.status] ?? 'neutral'}>{referralStatusName(r.status)}</Badge>,
  },
  { header: 'Referred', width: 'minmax(7rem, 0.8fr)', cell: (r) => formatDate(r.createdAt) },
  { header: 'Completed', width: 'minmax(7rem, 0.8fr)', cell: (r) => formatDate(r.completedAt) },
  {
    header: 'Reward note',
    width: 'minmax(12rem, 1.6fr)',
    cell: (r) => (r.rewardNote ? <span className="text-slate-700">{r.rewardNote}</span> : null),
  },
];

export function AdminReferralsPage() {
  const referrals = useAdminReferrals();
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Referrals"
        description="Friends who subscribed with a referral code, and whether the referrer was rewarded."
      />
      <AdminList
        label="Referrals"
        noun={{ one: 'referral' }}
        rows={referrals.data}
        isPending={referrals.isPending}
        isError={referrals.isError}
        onRetry={() => void referrals.refetch()}
        search={{
          label: 'Search referrals',
          placeholder: 'Referrer, friend email or code',
          fields: referralSearchFields,
        }}
        columns={columns}
        csvHref={ADMIN_REFERRALS_CSV}
        rowKey={(r) => r.id}
        minWidth="64rem"
        messages={{
          loading: 'Loading referrals',
          empty: 'No referrals found in the system.',
          noMatch: 'No referrals match your search.',
          error: 'Error loading referrals. Please try again.',
        }}
      />
    </div>
  );
}
