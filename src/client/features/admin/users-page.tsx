import type { AdminUser } from '@shared/schemas/admin';
import { AdminList } from './admin-list';
import { AdminPageHeader } from './admin-page-header';
import { useAdminUsers } from './api/get-users';
import type { CsvColumn } from './csv';
import { formatCount } from './format';
import {
  emailColumn,
  joinedColumn,
  lastLoginColumn,
  planColumn,
  statusColumn,
  userCsv,
  userKey,
  usernameColumn,
  userSearchFields,
} from './user-columns';
import type { TableColumn } from './virtual-table';

const columns: TableColumn<AdminUser>[] = [
  usernameColumn,
  emailColumn,
  planColumn,
  statusColumn,
  joinedColumn,
  lastLoginColumn,
  { header: 'Logins', width: 'minmax(5rem, 0.5fr)', cell: (u) => formatCount(u.loginCount) },
];

const csvColumns: CsvColumn<AdminUser>[] = [
  userCsv.id,
  userCsv.username,
  userCsv.email,
  userCsv.plan,
  userCsv.status,
  userCsv.discount,
  userCsv.joined,
  userCsv.lastLogin,
  { header: 'Logins', value: (u) => u.loginCount },
  { header: 'Login streak (days)', value: (u) => u.consecutiveLogins },
  { header: 'Referral code', value: (u) => u.referralCode },
  { header: 'Referral credits', value: (u) => u.referralCredits },
];

export function AdminUsersPage() {
  const users = useAdminUsers();
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Users" description="Everyone who has registered." />
      <AdminList
        label="Users"
        noun={{ one: 'user' }}
        rows={users.data}
        isPending={users.isPending}
        isError={users.isError}
        onRetry={() => void users.refetch()}
        search={{ label: 'Search users', placeholder: 'Username or email', fields: userSearchFields }}
        columns={columns}
        csvColumns={csvColumns}
        rowKey={userKey}
        messages={{
          loading: 'Loading users',
          empty: 'No users found in the system.',
          noMatch: 'No users match your search.',
          error: 'Error loading users. Please try again.',
        }}
      />
    </div>
  );
}
