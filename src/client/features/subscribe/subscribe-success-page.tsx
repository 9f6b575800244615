import { PageContainer } from '@client/components/layout/page-container';
import { useTitle } from '@client/lib/use-title';

// Placeholder until the billing issue adds the next steps and links; this is the payment return URL.
export function SubscribeSuccessPage() {
  useTitle('Subscription Confirmed');
  return (
    <PageContainer width="narrow" className="text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Subscription Confirmed!</h1>
      <p className="mt-4 text-slate-600">Your free trial has started.</p>
    </PageContainer>
  );
}
