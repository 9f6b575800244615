import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db, Tx } from '../db/client';
import type { Metrics } from '../lib/metrics';
import { redactTokens } from '../lib/redact';
import { outboxRepo } from './outbox-repo';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
};
export type QueuedMail = Mail & { id: number };

export type Mailer = {
  /** Sends without making the caller wait (so timing reveals nothing); close() still waits for it. */
  sendInBackground(mail: Mail): void;
  /**
   * Writes the mail to the outbox inside the caller's transaction, so it exists exactly when the
   * change it reports does (a webhook's effects); hand the result to deliver() after the commit.
   */
  enqueue(tx: Db | Tx, mail: Mail): Promise<QueuedMail>;
  deliver(mail: QueuedMail): void;
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
  metrics: Pick<Metrics, 'mail'>;
}): Mailer {
  // Made with the first mail sent: loading nodemailer would otherwise be part of every start
  // (docs/performance.md#start-imports; docs/architecture.md#budgets: first answer <= 1 s), and many starts send nothing.
  let transport: Promise<Transporter> | undefined;
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const pending = new Set<Promise<void>>();
  const repo = outboxRepo(opts.db);

  async function store(tx: Db | Tx, mail: Mail): Promise<QueuedMail> {
    return { ...mail, id: await repo.add(mail, tx) };
  }

  async function transmit(mail: QueuedMail): Promise<void> {
    if (!opts.smtpUrl) {
      opts.log.info(
        { mailId: mail.id, to: mail.to, subject: mail.subject, text: redactTokens(mail.text) },
        'mail kept in outbox (no SMTP_URL)',
      );
      opts.metrics.mail('kept_in_outbox');
      return;
    }
    const { id, ...message } = mail;
    let sent = false;
    try {
      await (await smtp(opts.smtpUrl)).sendMail({ from: opts.from, ...message });
      sent = true;
      opts.metrics.mail('sent');
      // Sent: the copy kept for the record no longer opens anything (its links' tokens are hidden).
      await repo.markSent(id, {
        text: redactTokens(mail.text),
        html: mail.html === undefined ? undefined : redactTokens(mail.html),
      });
    } catch (err) {
      if (!sent) opts.metrics.mail('failed');
      opts.log.error({ err, mailId: id }, 'mail not sent; kept in outbox');
      await repo.markFailed(id, err instanceof Error ? err.message : String(err));
    }
  }

  function track(job: Promise<void>, to: string): void {
    const tracked = job
      .catch((err) => opts.log.error({ err, to }, 'mail could not be stored'))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  }

  return {
    sendInBackground(mail) {
      track(store(opts.db, mail).then(transmit), mail.to);
    },
    enqueue: (tx, mail) => store(tx, mail),
    deliver(mail) {
      track(transmit(mail), mail.to);
    },
    async close() {
      await Promise.allSettled([...pending]);
      (await transport?.catch(() => undefined))?.close();
    },
  };
}
