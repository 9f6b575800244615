import { AuditTrail } from '@client/components/audit/audit-trail';
import { PageContainer } from '@client/components/layout/page-container';
import { paths } from '@client/config/paths';
import { useCurrentUser } from '@client/lib/session';
import { useTitle } from '@client/lib/use-title';
import { isManager } from '@shared/access';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PRACTICE_AUDIT_CSV, usePracticeAudit } from './api/get-audit';
import { PracticeEyebrow } from './practice-intro';

/**
 * The practice's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): who did what, when and
 * from where, for its owner and admins to show an auditor.
 */
export function PracticeAuditPage() {
  useTitle('Practice audit trail');
  const { user } = useCurrentUser();
  const role = user?.practice?.role;
  return (
    <PageContainer width="wide">
      <Link
        to={paths.practice.getHref()}
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the practice
      </Link>
      <div className="mt-4">
        <PracticeEyebrow />
      </div>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900">Audit trail</h1>
      <p className="mt-4 text-lg text-pretty text-slate-600">
        Everything that happened in your practice: who joined, left or was removed, roles and invitations, the
        sign-in policy changed, the terms accepted and the access reviewed, each member's sign-ins and failed
        attempts, second factors turned on or off, and each sign-in to the note app, with the address and
        device it came from.
      </p>
      <div className="mt-8">
        {role && isManager(role) ? (
          <Trail />
        ) : (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
            {role
              ? "Only the practice's owner or an admin can see its audit trail."
              : 'You are not in a practice.'}
          </p>
        )}
      </div>
    </PageContainer>
  );
}

function Trail() {
  const query = usePracticeAudit();
  return (
    <AuditTrail
      caption="The practice's audit trail"
      query={query}
      who={{ header: 'Who', value: (event) => event.actor }}
      csvHref={PRACTICE_AUDIT_CSV}
      empty="Nothing has happened in your practice yet."
    />
  );
}
