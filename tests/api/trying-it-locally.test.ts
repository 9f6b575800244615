/**
 * Trying the product locally (docs/trying-it-locally.md): the local mailbox receives what the app sends
 * and shows it on its page; the fake Stripe's Stripe.js stand-in reaches the browser only in local mode,
 * and is refused beside real Stripe keys.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailbox } from '../../scripts/local/mailbox';
import { loadConfig } from '../../src/server/config';
import { client, createTestApp, newUser, signedInUser, stripeApp, subscribeWithCard } from '../support/app';
import { hostedInvoices } from '../support/fake-stripe/hosted-invoice';

const STANDIN = 'http://127.0.0.1:12112/stripe-js/v3';
const LOCAL_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_local_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local_standin',
  STRIPE_API_URL: 'http://127.0.0.1:12111',
  STRIPE_JS_STANDIN_URL: STANDIN,
};

// The app as npm run start:local starts it (on the tests' fake Stripe, on this machine) ...
const { STRIPE_API_URL: _, ...standin } = LOCAL_KEYS;
const local = await stripeApp(standin);
// ... and one as npm start with the local mailbox's SMTP_URL.
const mailbox = await startMailbox({ smtpPort: 0, webPort: 0 });
afterAll(() => mailbox.close());
const plain = await createTestApp({ SMTP_URL: mailbox.smtpUrl });
afterAll(() => plain.close());

describe('the Stripe.js stand-in', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is accepted with the local fake Stripe: its own keys, on this machine', () => {
    expect(loadConfig(LOCAL_KEYS).STRIPE_JS_STANDIN_URL).toBe(STANDIN);
  });

  it.each([
    ['a live key', { STRIPE_SECRET_KEY: `sk_live_${'a1B2'.repeat(24)}` }],
    ['a real test key', { STRIPE_SECRET_KEY: `sk_test_${'51Hx9'.repeat(20)}` }],
    ['a real publishable key', { STRIPE_PUBLISHABLE_KEY: `pk_test_${'51Hx9'.repeat(20)}` }],
    ['no keys at all', { STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }],
  ])('stops the start beside %s', (_name, keys) => {
    expect(refusal({ ...LOCAL_KEYS, ...keys })).toMatch(
      /^Invalid environment: STRIPE_JS_STANDIN_URL: the Stripe\.js stand-in is for the local fake Stripe only: it is refused with real Stripe keys/,
    );
  });

  it.each([
    ["Stripe's own API", { STRIPE_API_URL: '' }],
    ['a Stripe API elsewhere', { STRIPE_API_URL: 'https://api.stripe.com' }],
    ['a stand-in from elsewhere', { STRIPE_JS_STANDIN_URL: 'https://cdn.example.com/stripe.js' }],
  ])('stops the start with %s', (_name, env) => {
    expect(refusal({ ...LOCAL_KEYS, ...env })).toBe(
      'Invalid environment: STRIPE_JS_STANDIN_URL: the Stripe.js stand-in and STRIPE_API_URL must both be on this machine (the local fake Stripe)',
    );
  });

  it('reaches the browser only in local mode: named by /api/config and allowed by the CSP', async () => {
    const config = await local.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      stripePublishableKey: 'pk_test_local_standin',
      stripeJsUrl: STANDIN,
    });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://js.stripe.com https://*.js.stripe.com http://127.0.0.1:12112;",
    );
    expect(csp).toContain("connect-src 'self' https://api.stripe.com http://127.0.0.1:12112;");

    // Any other app (here one without Stripe): no stand-in, and the CSP names Stripe's hosts only.
    const otherwise = await plain.app.inject({ method: 'GET', url: '/api/config' });
    expect(otherwise.json().stripeJsUrl).toBeNull();
    expect(String(otherwise.headers['content-security-policy'])).not.toContain('127.0.0.1');
  });
});

describe('the local mailbox', () => {
  it('receives the mail the app sends and shows it, its links ready to open, on its page', async () => {
    const user = newUser();
    expect((await client(plain.app).post('/api/register', user)).statusCode).toBe(201);

    const pageText = async () => (await fetch(mailbox.webUrl)).text();
    await expect.poll(pageText).toContain(user.email);
    const html = await pageText();
    expect(html).toContain('<h1>Local mailbox</h1>');
    expect(html).toMatch(/<h2>Verify your ChairNotes email address<\/h2>/);
    const link = /<a href="(http:\/\/localhost:\d+\/verify-email\?token=[\w-]+)">/.exec(html)?.[1];
    expect(link, html).toBeDefined();
    // The link works: opened from the mailbox, it verifies the address.
    const token = new URL(link!).searchParams.get('token');
    const signedIn = client(plain.app);
    expect(
      (await signedIn.post('/api/login', { username: user.email, password: user.password })).statusCode,
    ).toBe(200);
    expect((await signedIn.post('/api/user/verify-email', { token })).statusCode).toBe(200);
  });
});

describe("the stand-in's invoice pages", () => {
  it("open from the billing history's Pay now: the invoice is shown, paid there with the test card, and the app hears of it", async () => {
    // The stand-in's control server serves the pages, as npm run start:local starts it.
    const pages = hostedInvoices(local.fake, (events) => local.deliverAll(events));
    const server = createServer((req, res) => {
      if (!pages(req, res, new URL(req.url ?? '/', 'http://stand-in'))) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/invoices`;
    local.fake.state.invoiceHost = base;

    const u = await signedInUser(local.app);
    await subscribeWithCard(local, u);
    const customer = [...local.fake.state.customers.values()].find((c) => c.email === u.email)!;
    const sub = [...local.fake.state.subscriptions.values()].find((s) => s.customer === customer.id)!;
    await local.deliverAll(local.fake.endTrial(sub.id, { paymentFails: true }));

    const invoices = (await u.client.get('/api/billing/invoices')).json() as {
      status: string;
      url: string;
    }[];
    const paymentActionUrl = invoices.find((i) => i.status === 'open')?.url ?? '';
    expect(paymentActionUrl).toMatch(new RegExp(`^${base}/in_\\w+$`));
    const unpaid = await (await fetch(paymentActionUrl)).text();
    expect(unpaid).toMatch(/<h1>Invoice /);
    expect(unpaid).toMatch(/<button>Pay £\d+\.\d\d<\/button>/);

    const paid = await fetch(`${paymentActionUrl}/pay`, { method: 'POST' });
    expect(paid.url).toBe(`${paymentActionUrl}?paid=1`);
    const receipt = await paid.text();
    expect(receipt).toContain('Paid. Thank you.');
    expect(receipt).toMatch(/<h1>Receipt /);
    expect(receipt).not.toContain('<button>');
    expect((await u.client.get('/api/user')).json().subscriptionStatus).toBe('active');
    // Its PDF's stand-in, and an address that names no invoice.
    expect(await (await fetch(`${paymentActionUrl}/pdf`)).text()).toContain(
      "stand-in for Stripe's invoice PDF",
    );
    expect((await fetch(`${base}/in_nothing`)).status).toBe(404);
  });
});
