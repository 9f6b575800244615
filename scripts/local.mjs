// Trying ChairNotes on one's own machine, with no Stripe account and no mail server
// (docs/trying-it-locally.md):
//
//   node scripts/local.mjs mailbox   the local mailbox alone (npm run mailbox), for `npm start` with its SMTP_URL
//   node scripts/local.mjs           the mailbox, the fake Stripe with its Stripe.js stand-in, a stand-in
//                                    for the note app, and the app built by `npm run build`, wired together
//                                    (npm run start:local)
//
// The fake Stripe is the tests' (tests/support/fake-stripe-server.ts): it keeps nothing when it stops, so
// the app starts on a fresh database of its own (.tmp/local-data) each time, apart from ./data.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { bundleTestServers } from './support.mjs';

const mailboxOnly = process.argv[2] === 'mailbox';
const port = Number(process.env.PORT ?? 5000);
const appUrl = `http://localhost:${port}`;
const smtpPort = Number(process.env.MAILBOX_SMTP_PORT ?? 1025);
const webPort = Number(process.env.MAILBOX_WEB_PORT ?? 1080);
const stripePort = Number(process.env.LOCAL_STRIPE_PORT ?? 12121);
const noteAppPort = Number(process.env.LOCAL_NOTE_APP_PORT ?? port + 1);
const noteAppUrl = `http://localhost:${noteAppPort}/`;
// The note app's stand-in signs in through the app's OpenID provider as the real note app does
// (docs/note-app-integration.md), with a client of its own that exists only here.
const LOCAL_NOTE_APP = {
  NOTE_APP_URL: noteAppUrl,
  NOTE_APP_CLIENT_ID: 'local-note-app',
  NOTE_APP_CLIENT_SECRET: 'local-note-app-secret-of-at-least-32-chars',
  NOTE_APP_REDIRECT_URIS: `${noteAppUrl}callback`,
  NOTE_APP_POST_LOGOUT_REDIRECT_URIS: noteAppUrl,
  NOTE_APP_BACKCHANNEL_LOGOUT_URI: `${noteAppUrl}backchannel-logout`,
};
// The fake's own keys: config.ts accepts the Stripe.js stand-in only beside keys with these prefixes.
const LOCAL_STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_local_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_local_standin',
  STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
  STRIPE_JS_STANDIN_URL: `http://127.0.0.1:${stripePort + 1}/stripe-js/v3`,
};

await bundleTestServers(
  {
    'mailbox-server': 'scripts/local/mailbox-server.ts',
    'fake-stripe-server': 'tests/support/fake-stripe-server.ts',
    'note-app-server': 'tests/support/note-app-server.ts',
  },
  '.tmp/local',
);

const children = [];
function run(script, env) {
  const child = spawn('node', [script], { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code) stop(code);
  });
}
function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

/** Until something listens on `port` (each server is ready once it does); a first start migrates. */
async function listening(port) {
  for (let i = 0; i < 1200; i++) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => {
          socket.end();
          resolve(true);
        })
        .once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.error(`Nothing listens on ${port} after two minutes: stopping.`);
  stop(1);
}

run('.tmp/local/mailbox-server.mjs', {
  MAILBOX_SMTP_PORT: String(smtpPort),
  MAILBOX_WEB_PORT: String(webPort),
});
if (!mailboxOnly) {
  run('.tmp/local/fake-stripe-server.mjs', {
    FAKE_STRIPE_PORT: String(stripePort),
    FAKE_STRIPE_CONTROL_PORT: String(stripePort + 1),
    // "Receipt" and "Pay now" open the stand-in's own invoice pages (docs/trying-it-locally.md).
    FAKE_STRIPE_INVOICE_URL: `http://127.0.0.1:${stripePort + 1}/invoices`,
    WEBHOOK_URL: `${appUrl}/api/stripe/webhook`,
    WEBHOOK_SECRET: LOCAL_STRIPE.STRIPE_WEBHOOK_SECRET,
  });
  await Promise.all([listening(smtpPort), listening(stripePort), listening(stripePort + 1)]);
  rmSync('.tmp/local-data', { recursive: true, force: true });
  run('.tmp/local/note-app-server.mjs', {
    NOTE_APP_PORT: String(noteAppPort),
    NOTE_APP_ISSUER: `${appUrl}/oidc`,
    NOTE_APP_CLIENT_ID: LOCAL_NOTE_APP.NOTE_APP_CLIENT_ID,
    NOTE_APP_CLIENT_SECRET: LOCAL_NOTE_APP.NOTE_APP_CLIENT_SECRET,
  });
  run('dist/server/main.js', {
    ...LOCAL_STRIPE,
    ...LOCAL_NOTE_APP,
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: '.tmp/local-data',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  await listening(port);
  console.log(`
  ChairNotes, tried locally: ${appUrl}
  Mail it sends (verification links and all): http://127.0.0.1:${webPort}/
  'Start Using' and 'Open ChairNotes' lead to a stand-in for the note app: ${noteAppUrl}
  Payments go to a local stand-in for Stripe: no account, nothing charged. Test card 4242 4242 4242 4242
  (any future date, any code); 4000 0000 0000 0002 is declined. Everything starts afresh at each start.
`);
}
