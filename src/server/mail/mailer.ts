import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
};
export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Sends without making the caller wait (so timing reveals nothing); close() still waits for it. */
  sendInBackground(mail: Mail): void;
  close(): Promise<void>;
};

/**
 * Every mail is written to the outbox first, then sent over SMTP when it is configured. A failed
 * or absent SMTP leaves the mail in the outbox with its error: nothing is lost, an admin can see it.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  const pending = new Set<Promise<void>>();
  const mailer: Mailer = {
    async send(mail) {
      const [row] = await opts.db
        .insert(outbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .returning({ id: outbox.id });
      if (!transport) {
        opts.log.info(
          { mailId: row?.id, to: mail.to, subject: mail.subject, text: mail.text },
          'mail kept in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await opts.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row!.id));
      } catch (err) {
        opts.log.error({ err, mailId: row?.id }, 'mail not sent; kept in outbox');
        await opts.db
          .update(outbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(outbox.id, row!.id));
      }
    },
    sendInBackground(mail) {
      const job = mailer
        .send(mail)
        .catch((err) => opts.log.error({ err, to: mail.to }, 'mail could not be stored'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport?.close();
    },
  };
  return mailer;
}
