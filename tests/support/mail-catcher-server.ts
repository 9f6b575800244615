// The SMTP catcher as a process of its own, for the browser tests (scripts/run-e2e.mjs bundles it):
// each mail is written as JSON to MAIL_DIR, where the tests (in other processes) read it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpCatcher } from './smtp';

const dir = process.env.MAIL_DIR ?? '.tmp/e2e-mail';
mkdirSync(dir, { recursive: true });
let n = 0;
const catcher = await startSmtpCatcher({
  port: Number(process.env.SMTP_PORT ?? 2526),
  onMail: (mail) => {
    // Written whole under another name, then renamed: a test polling the folder never reads half a mail.
    const file = path.join(dir, `${Date.now()}-${String(n++).padStart(6, '0')}.json`);
    writeFileSync(`${file}.part`, JSON.stringify(mail));
    renameSync(`${file}.part`, file);
  },
});
process.on('SIGTERM', () => void catcher.close().then(() => process.exit(0)));
