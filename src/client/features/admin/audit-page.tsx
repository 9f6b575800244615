import { AuditTrail } from '@client/components/audit/audit-trail';
import { AdminPageHeader } from './admin-page-header';
import { ADMIN_AUDIT_CSV, useAdminAudit } from './api/get-audit';

/** docs/decisions/090-practice-and-admin-audit-trails.md: what each admin viewed and did, read-only. */
export function AdminAuditPage() {
  const query = useAdminAudit();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader
        title="Audit trail"
        description="Every view of a person's data and every action in the admin area, with the admin and the time."
      />
      <AuditTrail
        caption="The admin audit trail"
        query={query}
        who={{ header: 'Admin', value: (event) => event.admin }}
        csvHref={ADMIN_AUDIT_CSV}
        empty="No admin has viewed or done anything yet."
      />
    </div>
  );
}
