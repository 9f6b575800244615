import { eq } from 'drizzle-orm';
import type { ContactMessage } from '../../shared/schemas/marketing';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { contactMessages, subscribers } from '../db/schema';

/** Newsletter subscribers and contact messages. */
export function marketingRepo(db: Db | Tx) {
  return {
    /** Adds the address with the hash of its unsubscribe token; false when it is already subscribed. */
    async subscribe(email: string, unsubscribeTokenHash: string, tx: Db | Tx = db): Promise<boolean> {
      try {
        await tx.insert(subscribers).values({ email, unsubscribeTokenHash });
        return true;
      } catch (error) {
        if (uniqueViolation(error) === 'subscribers_email_unique') return false;
        throw error;
      }
    },

    /** Removes the subscriber whose unsubscribe token hashes to this; false when there is none. */
    async unsubscribe(unsubscribeTokenHash: string, tx: Db | Tx = db): Promise<boolean> {
      const removed = await tx
        .delete(subscribers)
        .where(eq(subscribers.unsubscribeTokenHash, unsubscribeTokenHash))
        .returning({ id: subscribers.id });
      return removed.length > 0;
    },

    async saveContactMessage(message: ContactMessage, tx: Db | Tx = db): Promise<void> {
      await tx.insert(contactMessages).values(message);
    },
  };
}
