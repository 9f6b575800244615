import { PlanGrid } from '@client/features/pricing/plan-grid';
import { island } from './island';

/** PlanGrid as an island: a file of its own, so that hydrating it loads only its own code. */
export const PlanGridIsland = island(PlanGrid);
