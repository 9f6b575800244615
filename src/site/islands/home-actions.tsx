import { HomeActions } from '@client/features/marketing/home-actions';
import { island } from './island';

/** HomeActions as an island: a file of its own, so that hydrating it loads only its own code. */
export const HomeActionsIsland = island(HomeActions);
