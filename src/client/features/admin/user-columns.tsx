import { EmailAddress } from '@client/components/ui/email-address';
import { paths } from '@client/config/paths';
import { isLiveSubscription } from '@shared/access';
import { isOwnFreeTrial, ownStatusName, planName, practiceOf, statusName } from '@shared/admin-lists';
import type { PlanId, SubscriptionStatus } from '@shared/constants';
import type { AdminUser } from '@shared/schemas/admin';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from './badge';
import { formatDate, formatLastLogin } from './format';
import type { TableColumn } from './virtual-table';

// The columns the users and subscriptions lists share, defined once.

export const statusTones: Record<SubscriptionStatus, BadgeTone> = {
  active: 'good',
  paused: 'warning',
  past_due: 'bad',
  canceled: 'neutral',
  inactive: 'neutral',
};

export const userKey = (user: AdminUser) => user.id;

/** The username, linking to the person's detail page. */
export const usernameColumn: TableColumn<AdminUser> = {
  header: 'Username',
  width: 'minmax(9rem, 1.2fr)',
  cell: (u) => (
    <Link
      to={paths.admin.users.user.getHref(u.id)}
      className="rounded-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      {u.username}
    </Link>
  ),
};

/**
 * The plan a row shows: the person's own while it lives; else, for a member, the practice's that covers
 * them (its owner's), named by `through`, not 'Lite, Inactive'
 * (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md).
 */
function shownPlan(u: AdminUser): {
  plan: PlanId;
  status: SubscriptionStatus;
  through: string | null;
} {
  const ownLive = isLiveSubscription(u.subscriptionStatus);
  if (!ownLive && u.practiceRole && u.practiceRole !== 'owner' && u.practicePlan === 'clinic')
    return { plan: u.practicePlan, status: u.practiceStatus ?? 'inactive', through: u.practiceName };
  return { plan: u.plan, status: u.subscriptionStatus, through: null };
}

export const emailColumn: TableColumn<AdminUser> = {
  header: 'Email',
  width: 'minmax(14rem, 2fr)',
  cell: (u) => <EmailAddress address={u.email} className="block" />,
};

export const planColumn: TableColumn<AdminUser> = {
  header: 'Plan',
  width: 'minmax(7rem, 0.8fr)',
  cell: (u) => {
    const { plan, through } = shownPlan(u);
    // Lists show the interval: billed by the year, the plan says so (docs/decisions/096-yearly-plans.md).
    const yearly = through === null && plan !== 'free' && u.billingInterval === 'year';
    return (
      <>
        <span className="flex flex-wrap items-center gap-1">
          <Badge tone={plan === 'free' ? 'neutral' : 'accent'}>{planName(plan)}</Badge>
          {yearly ? <Badge tone="neutral">Yearly</Badge> : null}
        </span>
        {through ? <span className="mt-1 block text-xs text-slate-600">through {through}</span> : null}
      </>
    );
  },
};

export const statusColumn: TableColumn<AdminUser> = {
  header: 'Status',
  width: 'minmax(7rem, 0.8fr)',
  cell: (u) => {
    const { status, through } = shownPlan(u);
    if (through === null && isOwnFreeTrial(u)) return <Badge tone="accent">{ownStatusName(u)}</Badge>;
    return <Badge tone={statusTones[status] ?? 'neutral'}>{statusName(status)}</Badge>;
  },
};

export const joinedColumn: TableColumn<AdminUser> = {
  header: 'Joined',
  width: 'minmax(7rem, 0.8fr)',
  cell: (u) => formatDate(u.createdAt),
};

/** 'Smile Dental (clinician)', or a dash for someone in no practice. */
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
