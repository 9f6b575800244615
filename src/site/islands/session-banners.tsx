import { SessionBanners } from '@client/components/layout/session-banners';
import { island } from './island';

/** SessionBanners as an island: a file of its own, so that hydrating it loads only its own code. */
export const SessionBannersIsland = island(SessionBanners);
