import { isPaidAndActive } from '@shared/access';
import { monthlyAmountOf, userSearchFields } from '@shared/admin-lists';
import { RETENTION_DISCOUNT } from '@shared/constants';
import { formatPounds } from '@shared/plans';
import type { AdminUser } from '@shared/schemas/admin';
import { useMemo } from 'react';
import { AdminList } from './admin-list';
import { AdminPageHeader } from './admin-page-header';
import { ADMIN_SUBSCRIPTIONS_CSV, useAdminUsers } from './api/get-users';
import { Badge } from './badge';
import {
  emailColumn,
  joinedColumn,
  lastLoginColumn,
  planColumn,
  userKey,
  usernameColumn,
} from './user-columns';
import type { TableColumn } from './virtual-table';

const columns: TableColumn<AdminUser>[] = [
  usernameColumn,
  emailColumn,
  planColumn,
  {
    header: 'Monthly amount',
    width: 'minmax(10rem, 1fr)',
    cell: (u) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="tabular-nums">{formatPounds(monthlyAmountOf(u))}</span>
        {u.hasDiscount ? <Badge tone="warning">{RETENTION_DISCOUNT.percentOff}% discount</Badge> : null}
      </span>
    ),
  },
  joinedColumn,
  lastLoginColumn,
];

export function AdminSubscriptionsPage() {
  // The same query as the users page: a visit to both loads the users once.
  const users = useAdminUsers();
  const subscriptions = useMemo(() => users.data?.filter(isPaidAndActive), [users.data]);
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Subscriptions"
        description="Users on a paid plan with an active subscription, and what each pays a month."
      />
      <AdminList
        label="Subscriptions"
        noun={{ one: 'subscription' }}
        rows={subscriptions}
        isPending={users.isPending}
        isError={users.isError}
        onRetry={() => void users.refetch()}
        search={{
          label: 'Search subscriptions',
          placeholder: 'Username or email',
          fields: userSearchFields,
        }}
        columns={columns}
        csvHref={ADMIN_SUBSCRIPTIONS_CSV}
        rowKey={userKey}
        messages={{
          loading: 'Loading subscriptions',
          empty: 'No active subscriptions found.',
          noMatch: 'No subscriptions match your search.',
          error: 'Error loading users. Please try again.',
        }}
      />
    </div>
  );
}
