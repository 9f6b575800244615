// A mailbox for trying the product on one's own machine (npm run mailbox, npm run start:local;
// docs/trying-it-locally.md): an SMTP server the app sends to (the tests' catcher, tests/support/smtp.ts)
// and a web page listing what it received, newest first, with the links in each mail ready to open.
// Local only: both listen on 127.0.0.1, and nothing is kept once it stops.
import { createServer } from 'node:http';
import { type CaughtMail, startSmtpCatcher } from '../../tests/support/smtp';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail's text, escaped, with its web links made links. */
function linked(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(mails: { mail: CaughtMail; at: Date }[]): string {
  const items = mails
    .toReversed()
    .map(
      ({ mail, at }) => `<article>
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<p>To ${escapeHtml(mail.to)}, ${at.toISOString().replace('T', ' ').slice(0, 19)} UTC</p>
<pre>${linked(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local mailbox (${mails.length})</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}
a{color:#3730a3}</style></head>
<body>
<h1>Local mailbox</h1>
<p>What the app sent, newest first: a stand-in for trying it locally, nothing here left this machine.
<a href="/">Refresh</a></p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

export async function startMailbox({ smtpPort = 1025, webPort = 1080 } = {}) {
  const received: { mail: CaughtMail; at: Date }[] = [];
  const smtp = await startSmtpCatcher({
    port: smtpPort,
    onMail: (mail) => received.push({ mail, at: new Date() }),
  });
  const web = createServer((req, res) => {
    if (req.method !== 'GET') {
      res.writeHead(405).end();
      return;
    }
    if (req.url === '/mails.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(page(received));
  });
  await new Promise<void>((resolve) => web.listen(webPort, '127.0.0.1', resolve));
  const address = web.address();
  const port = typeof address === 'object' && address ? address.port : webPort;
  return {
    smtpUrl: smtp.url,
    webUrl: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await smtp.close();
    },
  };
}
