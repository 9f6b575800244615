import { NewsletterForm } from '@client/features/marketing/newsletter-form';
import { island } from './island';

/** NewsletterForm as an island: a file of its own, so that hydrating it loads only its own code. */
export const NewsletterIsland = island(NewsletterForm);
