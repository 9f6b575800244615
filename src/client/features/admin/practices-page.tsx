import { EmailAddress } from '@client/components/ui/email-address';
import { isPayingPractice } from '@shared/access';
import { planName, practiceSearchFields, statusName } from '@shared/admin-lists';
import type { AdminPractice } from '@shared/schemas/admin';
import { AdminList } from './admin-list';
import { AdminPageHeader } from './admin-page-header';
import { ADMIN_PRACTICES_CSV, useAdminPractices } from './api/get-practices';
import { Badge } from './badge';
import { formatDate } from './format';
import type { TableColumn } from './virtual-table';

/** Issue 15: a practice is found by its name or its owner's username or email. */

/** The practice's plan as the owner's subscription has it ('Practice', 'Active'). */
const planStatus = (p: AdminPractice) => `${planName(p.plan)}, ${statusName(p.subscriptionStatus)}`;

const columns: TableColumn<AdminPractice>[] = [
  {
    header: 'Practice',
    width: 'minmax(11rem, 1.6fr)',
    cell: (p) => <span className="font-medium text-slate-900">{p.name}</span>,
  },
  {
    header: 'Owner',
    width: 'minmax(11rem, 1.6fr)',
    cell: (p) => (
      <>
        <span className="block font-medium text-slate-900">{p.ownerUsername}</span>
        <EmailAddress address={p.ownerEmail} className="block text-slate-600" />
      </>
    ),
  },
  {
    header: 'Members',
    width: 'minmax(6rem, 0.6fr)',
    cell: (p) => <span className="tabular-nums">{p.members}</span>,
  },
  {
    header: 'Invited',
    width: 'minmax(6rem, 0.6fr)',
    cell: (p) => <span className="tabular-nums">{p.pendingInvitations}</span>,
  },
  {
    header: 'Plan status',
    width: 'minmax(9rem, 1fr)',
    cell: (p) => <Badge tone={isPayingPractice(p) ? 'good' : 'neutral'}>{planStatus(p)}</Badge>,
  },
  {
    header: 'Terms',
    width: 'minmax(9rem, 1fr)',
    cell: (p) =>
      p.terms ? (
        <>
          <Badge tone={p.terms.current ? 'good' : 'warning'}>
            {p.terms.current ? 'Accepted' : 'Older version'} {formatDate(p.terms.acceptedAt)}
          </Badge>
          {/* The same short form of the version's SHA-256 that the practice page shows its owner. */}
          <span className="mt-1 block font-mono text-xs text-slate-600">{p.terms.version.slice(0, 12)}</span>
        </>
      ) : (
        <Badge tone="neutral">Not accepted</Badge>
      ),
  },
  { header: 'Created', width: 'minmax(6rem, 0.8fr)', cell: (p) => formatDate(p.createdAt) },
];

export function AdminPracticesPage() {
  const practices = useAdminPractices();
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Practices"
        description="Practices on the Practice plan: their owners, how many people are in each, the state of their subscription, and which version of the practice terms they accepted."
      />
      <AdminList
        label="Practices"
        noun={{ one: 'practice' }}
        rows={practices.data}
        isPending={practices.isPending}
        isError={practices.isError}
        onRetry={() => void practices.refetch()}
        search={{
          label: 'Search practices',
          placeholder: 'Practice, owner username or email',
          fields: practiceSearchFields,
        }}
        columns={columns}
        csvHref={ADMIN_PRACTICES_CSV}
        rowKey={(p) => p.id}
        minWidth="58rem"
        messages={{
          loading: 'Loading practices',
          empty: 'No practices yet.',
          noMatch: 'No practices match your search.',
          error: 'Error loading practices. Please try again.',
        }}
      />
    </div>
  );
}
