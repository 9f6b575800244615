import { NewsletterUnsubscribePage } from '@client/features/marketing/newsletter-unsubscribe-page';
import { island } from './island';

/** NewsletterUnsubscribePage as an island: a file of its own, so that hydrating it loads only its own code. */
export const NewsletterUnsubscribeIsland = island(NewsletterUnsubscribePage);
