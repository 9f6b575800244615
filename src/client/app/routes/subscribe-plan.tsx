import { LoadingPage } from '@client/components/layout/starting-page';
import { billingDetailsQueryOptions } from '@client/features/account/api/billing-details';
import { SubscribeIntro } from '@client/features/subscribe/subscribe-intro';
import { configQueryOptions } from '@client/lib/config';
import { queryClient } from '@client/lib/query-client';
import { fullTitle } from '@client/lib/title';
import { PLANS } from '@shared/plans';
import { type MetaArgs, useParams } from 'react-router';
import { LoadedPage, userPage } from '../guards';

/** A paid plan's, by its id in the address; none for any other. */
const paidPlan = (planId: string | undefined) => PLANS.find((plan) => plan.id === planId && plan.price > 0);

export const meta = ({ params }: MetaArgs) => {
  const plan = paidPlan(params.planId);
  return [{ title: fullTitle(plan && `Subscribe to ${plan.name}`) }];
};

export const clientLoader = userPage(
  () => import('@client/features/subscribe/subscribe-page').then((m) => m.SubscribePage),
  () => {
    void queryClient.prefetchQuery(configQueryOptions());
    void queryClient.prefetchQuery(billingDetailsQueryOptions());
  },
);

export function HydrateFallback() {
  const plan = paidPlan(useParams().planId);
  return <LoadingPage width="medium">{plan && <SubscribeIntro plan={plan} />}</LoadingPage>;
}

export default LoadedPage;
