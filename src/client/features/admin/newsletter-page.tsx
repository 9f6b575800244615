import { EmailAddress } from '@client/components/ui/email-address';
import { subscriberSearchFields } from '@shared/admin-lists';
import type { AdminSubscriber } from '@shared/schemas/admin';
import { AdminList } from './admin-list';
import { AdminPageHeader } from './admin-page-header';
import { ADMIN_SUBSCRIBERS_CSV, useAdminSubscribers } from './api/get-subscribers';
import { formatDateTime } from './format';
import type { TableColumn } from './virtual-table';

const columns: TableColumn<AdminSubscriber>[] = [
  {
    header: 'Email',
    width: 'minmax(14rem, 2fr)',
    cell: (s) => <EmailAddress address={s.email} className="block font-medium text-slate-900" />,
  },
  { header: 'Subscribed', width: 'minmax(10rem, 1fr)', cell: (s) => formatDateTime(s.createdAt) },
];

export function AdminNewsletterPage() {
  const subscribers = useAdminSubscribers();
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Newsletter" description="Everyone who signed up for the newsletter." />
      <AdminList
        label="Newsletter subscribers"
        noun={{ one: 'subscriber' }}
        rows={subscribers.data}
        isPending={subscribers.isPending}
        isError={subscribers.isError}
        onRetry={() => void subscribers.refetch()}
        search={{ label: 'Search subscribers', placeholder: 'Email', fields: subscriberSearchFields }}
        columns={columns}
        csvHref={ADMIN_SUBSCRIBERS_CSV}
        rowKey={(s) => s.id}
        minWidth="28rem"
        messages={{
          loading: 'Loading subscribers',
          empty: 'No newsletter subscribers found.',
          noMatch: 'No subscribers match your search.',
          error: 'Error loading subscribers. Please try again.',
        }}
      />
    </div>
  );
}
