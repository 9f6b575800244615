import type { ContactMessage } from '../../shared/schemas/marketing';
import type { AppContext } from '../context';
import { randomToken, sha256Hex } from '../lib/tokens';
import { contactMail, newsletterWelcomeMail } from '../mail/templates';
import { marketingRepo } from './marketing-repo';

/** The newsletter and the contact form. */
export function marketingService(ctx: AppContext) {
  const repo = marketingRepo(ctx.database.db);

  return {
    /** Subscribes the address and welcomes it; 'already' (and no mail) when it was subscribed. */
    async subscribe(email: string): Promise<'subscribed' | 'already'> {
      const token = randomToken();
      if (!(await repo.subscribe(email, sha256Hex(token)))) return 'already';
      ctx.mailer.sendInBackground(newsletterWelcomeMail(email, ctx.config.APP_URL, token));
      return 'subscribed';
    },

    /** Whether the token named a subscriber (now removed). */
    unsubscribe: (token: string) => repo.unsubscribe(sha256Hex(token)),

    /** Keeps the message and mails it to the sales address. */
    async contact(message: ContactMessage): Promise<void> {
      await repo.saveContactMessage(message);
      ctx.mailer.sendInBackground(contactMail(ctx.config.SALES_EMAIL, message));
    },
  };
}
