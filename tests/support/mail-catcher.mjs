// A real SMTP server for the browser tests, run beside the app: each mail it receives is written
// as JSON to MAIL_DIR so the tests (in other processes) can read it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PORT ?? 2526);
const dir = process.env.MAIL_DIR ?? '.tmp/e2e-mail';
mkdirSync(dir, { recursive: true });
let n = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        const file = path.join(dir, `${Date.now()}-${process.pid}-${n++}.json`);
        writeFileSync(file, JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' }));
        callback();
      })
      .catch(callback);
  },
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
