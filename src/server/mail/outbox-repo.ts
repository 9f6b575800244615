import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema';

/** The outbox: every mail, kept before it is sent. */
export function outboxRepo(db: Db | Tx) {
  return {
    async add(
      mail: { to: string; subject: string; text: string; html?: string },
      tx: Db | Tx = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(outbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .returning({ id: outbox.id });
      return row!.id;
    },

    /** Marks the mail sent, keeping `kept` (its text with the secrets taken out) in place of what was sent. */
    async markSent(id: number, kept: { text: string; html?: string }, tx: Db | Tx = db): Promise<void> {
      await tx
        .update(outbox)
        .set({ sentAt: new Date(), text: kept.text, html: kept.html ?? null })
        .where(eq(outbox.id, id));
    },

    async markFailed(id: number, error: string, tx: Db | Tx = db): Promise<void> {
      await tx.update(outbox).set({ error }).where(eq(outbox.id, id));
    },

    /** Forgets every mail to the address (an erased account). */
    async deleteTo(address: string, tx: Db | Tx = db): Promise<void> {
      await tx.delete(outbox).where(eq(outbox.to, address));
    },
  };
}
