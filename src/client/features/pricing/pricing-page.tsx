import { PageContainer } from '@client/components/layout/page-container';
import { paths } from '@client/config/paths';
import { MARKETING_META } from '@client/lib/page-meta';
import { useTitle } from '@client/lib/use-title';
import { TRIAL_DAYS } from '@shared/constants';
import type { ReactNode } from 'react';
import { INTERVAL_GROUP, IntervalSwitch } from './interval-switch';

/** The pricing page (src/site/pages/pricing.astro); `plans` is the plan grid's island. */
export function PricingPage({ plans }: { plans: ReactNode }) {
  useTitle(MARKETING_META[paths.pricing.path].title);
  return (
    <PageContainer spacing="roomy">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">Simple, transparent pricing</h1>
        <p className="mt-4 text-lg text-slate-600">
          Start with a {TRIAL_DAYS}-day free trial on any paid plan. Cancel anytime.
        </p>
      </div>
      <div className={INTERVAL_GROUP}>
        <IntervalSwitch className="mt-10" />
        <div className="mt-10">{plans}</div>
      </div>
    </PageContainer>
  );
}
