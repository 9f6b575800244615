import { Button } from '@client/components/ui/button';
import { userSearchFields } from '@shared/admin-lists';
import type { AdminUser } from '@shared/schemas/admin';
import { useMemo, useState } from 'react';
import { AdminList } from './admin-list';
import { AdminPageHeader } from './admin-page-header';
import { ADMIN_USERS_CSV, useAdminUsers } from './api/get-users';
import { EndSessionsDialog } from './end-sessions-dialog';
import { formatCount } from './format';
import {
  emailColumn,
  joinedColumn,
  lastLoginColumn,
  planColumn,
  practiceColumn,
  statusColumn,
  userKey,
  usernameColumn,
} from './user-columns';
import type { TableColumn } from './virtual-table';

const columnsWith = (signOut: (user: AdminUser) => void): TableColumn<AdminUser>[] => [
  usernameColumn,
  emailColumn,
  planColumn,
  statusColumn,
  practiceColumn,
  joinedColumn,
  lastLoginColumn,
  { header: 'Logins', width: 'minmax(5rem, 0.5fr)', cell: (u) => formatCount(u.loginCount) },
  {
    header: 'Sessions',
    width: 'minmax(6rem, 0.6fr)',
    pinned: true,
    cell: (u) => (
      <Button
        variant="outline"
        size="sm"
        onClick={() => signOut(u)}
        aria-label={`Sign ${u.username} out everywhere`}
      >
        Sign out
      </Button>
    ),
  },
];

export function AdminUsersPage() {
  const users = useAdminUsers();
  const [signingOut, setSigningOut] = useState<AdminUser | null>(null);
  const columns = useMemo(() => columnsWith(setSigningOut), []);
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
        csvHref={ADMIN_USERS_CSV}
        rowKey={userKey}
        messages={{
          loading: 'Loading users',
          empty: 'No users found in the system.',
          noMatch: 'No users match your search.',
          error: 'Error loading users. Please try again.',
        }}
      />
      <EndSessionsDialog user={signingOut} onClose={() => setSigningOut(null)} />
    </div>
  );
}
