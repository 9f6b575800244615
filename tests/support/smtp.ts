import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string; subject: string; text: string };

/**
 * A real SMTP server on a local port (a free one by default) that keeps what it receives, for
 * tests to read: in process for the API tests, and as the browser tests' mail server
 * (mail-catcher-server.ts, which also hands each mail to `onMail`).
 */
export async function startSmtpCatcher(opts: { port?: number; onMail?: (mail: CaughtMail) => void } = {}) {
  const mails: CaughtMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to)
            ? parsed.to.map((a) => a.text).join(', ')
            : (parsed.to?.text ?? '');
          const mail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
          mails.push(mail);
          opts.onMail?.(mail);
          for (const wake of waiting) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /**
     * The newest mail to this address (whose subject begins with `subject`, when given: an account
     * gets its verification mail first), as soon as it arrives (mail is sent in the background).
     */
    waitFor(to: string, subject = '', timeoutMs = 5000): Promise<CaughtMail> {
      const found = () => mails.findLast((m) => m.to.includes(to) && m.subject.startsWith(subject));
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = found();
          if (!mail) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${to} (${subject}...) within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the verification or email-change link in a mail's text. */
export function emailLinkToken(text: string): string {
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no email link in: ${text}`);
  return match[1]!;
}
