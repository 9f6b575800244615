// The signed-in pages' set-up for the web bench (bench/web.mjs): the fake Stripe beside the server, a
// subscriber with a practice, a person about to subscribe, and an admin with a second factor.
//
// Subscriptions are made for real against the fake Stripe (tests/support/fake-stripe-server.ts, bundled
// as scripts/run-e2e.mjs bundles it) rather than seeded as rows: the pages then read what a subscriber's
// pages read (a trial with a saved card, the practice the webhook made), and /subscribe/pro prepares a
// real subscription at each visit, as it does for a person choosing a plan.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { bundleTestServers, cookieClient, freePort } from '../scripts/support.mjs';

const WEBHOOK_SECRET = 'whsec_bench';

/** Starts the fake Stripe API and its control server; `env` is the server's Stripe configuration. */
export async function startFakeStripe(appBase) {
  // Inside the project, so that its bare imports (stripe) resolve from node_modules.
  mkdirSync('.tmp', { recursive: true });
  const dir = mkdtempSync(path.join('.tmp', 'bench-stripe-'));
  await bundleTestServers(['tests/support/fake-stripe-server.ts'], dir);

  const port = await freePort();
  const controlPort = await freePort();
  const child = spawn('node', [path.join(dir, 'fake-stripe-server.mjs')], {
    env: {
      ...process.env,
      FAKE_STRIPE_PORT: String(port),
      FAKE_STRIPE_CONTROL_PORT: String(controlPort),
      WEBHOOK_URL: `${appBase}/api/stripe/webhook`,
      WEBHOOK_SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const control = `http://127.0.0.1:${controlPort}`;
  const started = Date.now();
  for (;;) {
    // Any answer means it listens (the control server answers 405 to a GET).
    if (
      await fetch(control).then(
        () => true,
        () => false,
      )
    )
      break;
    if (exited || Date.now() - started > 30_000) throw new Error('the fake Stripe did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    },
    /** What a person or time does at Stripe (see fake-stripe-server.ts), to `email`'s subscription. */
    async act(action, email) {
      const res = await fetch(`${control}/${action}?${new URLSearchParams({ email })}`, { method: 'POST' });
      const body = await res.json();
      if (!res.ok || body.statuses.some((s) => s !== 200))
        throw new Error(`${action} at the fake Stripe: ${JSON.stringify(body)}`);
    },
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
async function register(base) {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  const user = {
    username: `bench${id}`,
    email: `bench${id}@example.co.uk`,
    password: 'floss every day',
    agreeTerms: true,
  };
  const browser = cookieClient(base);
  await browser.call('POST', '/api/register', user);
  return { ...user, browser };
}

/** The admin signed in and enrolled in TOTP (admins must have a second factor): a cookie client. */
export async function enrolledAdmin(base, admin) {
  const adminBrowser = cookieClient(base);
  await adminBrowser.call('POST', '/api/admin/login', { username: admin.username, password: admin.password });
  const { secret } = await adminBrowser.call('POST', '/api/admin/2fa/totp/setup');
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await adminBrowser.call('POST', '/api/admin/2fa/totp/enable', { code: totp.generate() });
  return adminBrowser;
}

/**
 * The sessions the signed-in pages are measured with, as cookies: a dentist on a Practice plan trial
 * (card saved, so the webhook made their practice), a newly registered one about to subscribe, and an
 * admin enrolled in TOTP (admins must have a second factor).
 */
export async function signedInSessions(base, stripe, admin) {
  const subscriber = await register(base);
  await subscriber.browser.call('POST', '/api/create-subscription', { planId: 'clinic' });
  await stripe.act('confirm-setup', subscriber.email);
  const user = await subscriber.browser.call('GET', '/api/user');
  if (!user.practice) throw new Error('the subscriber has no practice');

  const newcomer = await register(base);

  const adminBrowser = await enrolledAdmin(base, admin);

  // As Chrome's Network.setCookies takes them.
  const forChrome = (jar) => jar.cookies().map((c) => ({ ...c, url: base }));
  return {
    subscriber: forChrome(subscriber.browser),
    newcomer: forChrome(newcomer.browser),
    admin: forChrome(adminBrowser),
  };
}
