import { EmailAddress } from '@client/components/ui/email-address';
import type { SubscriptionStatus } from '@shared/constants';
import type { AdminUser } from '@shared/schemas/admin';
import { Badge, type BadgeTone } from './badge';
import type { CsvColumn } from './csv';
import { formatDate, formatLastLogin, planName, statusName } from './format';
import type { TableColumn } from './virtual-table';

// The columns the users and subscriptions lists share, defined once.

const statusTones: Record<SubscriptionStatus, BadgeTone> = {
  active: 'good',
  paused: 'warning',
  past_due: 'bad',
  canceled: 'neutral',
  inactive: 'neutral',
};

/** The fields a search of users looks in (spec section 2: username or email). */
export function userSearchFields(user: AdminUser): readonly string[] {
  return [user.username, user.email];
}

export const userKey = (user: AdminUser) => user.id;

export const usernameColumn: TableColumn<AdminUser> = {
  header: 'Username',
  width: 'minmax(9rem, 1.2fr)',
  cell: (u) => <span className="font-medium text-slate-900">{u.username}</span>,
};

export const emailColumn: TableColumn<AdminUser> = {
  header: 'Email',
  width: 'minmax(14rem, 2fr)',
  cell: (u) => <EmailAddress address={u.email} className="block" />,
};

export const planColumn: TableColumn<AdminUser> = {
  header: 'Plan',
  width: 'minmax(6rem, 0.7fr)',
  cell: (u) => <Badge tone={u.plan === 'free' ? 'neutral' : 'accent'}>{planName(u.plan)}</Badge>,
};

export const statusColumn: TableColumn<AdminUser> = {
  header: 'Status',
  width: 'minmax(7rem, 0.8fr)',
  cell: (u) => (
    <Badge tone={statusTones[u.subscriptionStatus] ?? 'neutral'}>{statusName(u.subscriptionStatus)}</Badge>
  ),
};

export const joinedColumn: TableColumn<AdminUser> = {
  header: 'Joined',
  width: 'minmax(7rem, 0.8fr)',
  cell: (u) => formatDate(u.createdAt),
};

/** 'Smile Dental (clinician)', or a dash for someone in no practice. */
export const practiceOf = (u: AdminUser) => (u.practiceName ? `${u.practiceName} (${u.practiceRole})` : '');

export const practiceColumn: TableColumn<AdminUser> = {
  header: 'Practice',
  width: 'minmax(10rem, 1.2fr)',
  cell: (u) =>
    practiceOf(u) || (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No practice</span>
      </>
    ),
};

export const lastLoginColumn: TableColumn<AdminUser> = {
  header: 'Last login',
  width: 'minmax(10rem, 1fr)',
  cell: (u) => formatLastLogin(u.lastLoginAt),
};

export const userCsv = {
  id: { header: 'ID', value: (u) => u.id },
  username: { header: 'Username', value: (u) => u.username },
  email: { header: 'Email', value: (u) => u.email },
  plan: { header: 'Plan', value: (u) => planName(u.plan) },
  status: { header: 'Status', value: (u) => statusName(u.subscriptionStatus) },
  discount: { header: 'Retention discount', value: (u) => (u.hasDiscount ? 'Yes' : 'No') },
  joined: { header: 'Joined', value: (u) => u.createdAt },
  lastLogin: { header: 'Last login', value: (u) => u.lastLoginAt ?? '' },
} satisfies Record<string, CsvColumn<AdminUser>>;
