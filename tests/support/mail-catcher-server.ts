// The SMTP catcher as a process of its own, for the browser tests (scripts/run-e2e.mjs bundles it):
// each mail is written as JSON to MAIL_DIR, where the tests (in other processes) read it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpCatcher } from './smtp';

const dir = process.env.MAIL_DIR ?? '.tmp/e2e-mail';
mkdirSync(dir, { recursive: true });
let n = 0;
const catcher = await startSmtpCatcher({
  port: Number(process.env.SMTP_PORT ?? 2526),
  onMail: (mail) =>
    writeFileSync(path.join(dir, `${Date.now()}-${String(n++).padStart(6, '0')}.json`), JSON.stringify(mail)),
});
process.on('SIGTERM', () => void catcher.close().then(() => process.exit(0)));
