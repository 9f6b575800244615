import { PageContainer } from '@client/components/layout/page-container';
import { useTitle } from '@client/lib/use-title';
import { findPlan } from '@shared/plans';
import { Navigate, useParams } from 'react-router';

// Placeholder until the billing issue adds the steps, referral code and payment form.
export function SubscribePage() {
  const { planId = '' } = useParams();
  const plan = findPlan(planId);
  useTitle(plan ? `Subscribe to ${plan.name}` : undefined);
  if (!plan) return <Navigate to="/pricing" replace />;
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Subscribe to {plan.name}</h1>
    </PageContainer>
  );
}
