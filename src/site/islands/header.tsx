import { Header } from '@client/components/layout/header';
import { island } from './island';

/** Header as an island: a file of its own, so that hydrating it loads only its own code. */
export const HeaderIsland = island(Header);
