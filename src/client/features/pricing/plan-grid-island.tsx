import { Island } from '@client/islands/island';
import { PLANS } from '@shared/plans';
import { PLANS_URL } from './api/get-plans';
import { PlanGrid } from './plan-grid';

/**
 * The plan grid on a prerendered page: its prices are in the HTML; it runs script only if the API's
 * plans differ from those it was built with, for a signed-in visitor (their 'Current plan'), or when
 * the visitor reaches for it. Its buttons are links, so they work before.
 */
export function PlanGridIsland({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  return (
    <Island
      name="planGrid"
      component={PlanGrid}
      props={{ headingLevel }}
      hydrate={['stale', 'session', 'interaction']}
      renderedFrom={{ url: PLANS_URL, data: PLANS }}
    />
  );
}
