import { PageContainer } from '@client/components/layout/page-container';
import { useTitle } from '@client/lib/use-title';

// Placeholder until the referrals issue adds the code, stats and terms.
export function ReferPage() {
  useTitle('Refer a Friend');
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Refer a Friend</h1>
      <p className="mt-4 text-slate-600">Give a colleague a free month and get one yourself.</p>
    </PageContainer>
  );
}
