import { answer, api } from '@client/lib/api';
import type { NewsletterSignup } from '@shared/schemas/marketing';

/**
 * POST /api/newsletter: 'subscribed' and 'already subscribed' are both good news, said by the answer's
 * message. A plain call, without TanStack's mutation: the form is in every page's footer, and the
 * landing page's script budget is kept for what it shows.
 */
export const subscribeToNewsletter = (body: NewsletterSignup) =>
  answer(api.POST('/api/newsletter', { body }));
