import { answer, api } from '@client/lib/api';
import type { NewsletterUnsubscribe } from '@shared/schemas/marketing';
import { useMutation } from '@tanstack/react-query';

/** POST /api/newsletter/unsubscribe: the token from the mail's link; 404 when it is unknown or used. */
const unsubscribeFromNewsletter = (body: NewsletterUnsubscribe) =>
  answer(api.POST('/api/newsletter/unsubscribe', { body }));

/** The page shows the outcome itself (done, or a link that is not valid): no toast. */
export const useUnsubscribeFromNewsletter = () => useMutation({ mutationFn: unsubscribeFromNewsletter });
