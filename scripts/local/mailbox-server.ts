// npm run mailbox: the local mailbox on its own (scripts/local/mailbox.ts), for `npm start` with its SMTP_URL.
import { startMailbox } from './mailbox';

const mailbox = await startMailbox({
  smtpPort: Number(process.env.MAILBOX_SMTP_PORT ?? 1025),
  webPort: Number(process.env.MAILBOX_WEB_PORT ?? 1080),
});
console.log(`Local mailbox: read the mail at ${mailbox.webUrl}`);
console.log(`Send the app's mail to it: SMTP_URL=${mailbox.smtpUrl} npm start`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void mailbox.close().then(() => process.exit(0)));
