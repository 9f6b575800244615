import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { baseURL, stripeControlURL } from '../../playwright.config';

export { expect };

let counter = 0;
export function uniqueUser() {
  counter++;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { username: `dr${id}`, email: `dr${id}@example.co.uk`, password: 'floss every day' };
}

export {
  E2E_ADMIN as ADMIN,
  E2E_NEW_ADMIN as NEW_ADMIN,
  E2E_PASSKEY_ADMIN as PASSKEY_ADMIN,
} from '../../playwright.config';

/** Where global-setup.ts keeps the e2e admin's TOTP secret and enrolled session. */
export const ADMIN_STATE_FILE = '.tmp/e2e-admin.json';

/** The code the e2e admin's authenticator app shows `stepsAhead` 30-second steps from now. */
export function adminCode(stepsAhead = 0): string {
  const { secret } = JSON.parse(readFileSync(ADMIN_STATE_FILE, 'utf8')) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** The e2e admin's enrolled session (global-setup.ts), as cookies for a browser context. */
export function adminSessionCookies(): { name: string; value: string; url: string }[] {
  const state = JSON.parse(readFileSync(ADMIN_STATE_FILE, 'utf8')) as {
    cookies: { name: string; value: string }[];
  };
  return state.cookies.map((c) => ({ ...c, url: baseURL }));
}

type Mail = { to: string; subject: string; text: string };

/** Every mail to `to` the test SMTP server has received so far, newest first. */
export function mailsTo(to: string): Mail[] {
  const dir = path.resolve('.tmp/e2e-mail');
  // Only whole mails: the catcher writes each as '<name>.json.part' and renames it when done.
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
    : [];
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((mail) => mail.to.includes(to));
}

const newestMailTo = (to: string, subject: string): Mail | undefined =>
  mailsTo(to).find((mail) => mail.subject.startsWith(subject));

/**
 * A toast titled `title`, looked for among the page's notifications only: a toast's words are often also
 * the page's own (the Security tab lists 'Two-factor sign-in turned off' once its activity reloads).
 */
export const toastTitled = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notifications (F8)' }).getByText(title, { exact: true });

/**
 * The newest mail to `to` that the test SMTP server received (whose subject begins with `subject`,
 * when given: an account gets its verification mail first), once it has arrived.
 */
export async function mailTo(to: string, subject = ''): Promise<Mail> {
  let mail: Mail | undefined;
  await expect.poll(() => (mail = newestMailTo(to, subject)), { message: `a mail to ${to}` }).toBeDefined();
  return mail!;
}

export async function expectNoAxeViolations(page: Page) {
  // Judge the page as it settles, not halfway through a toast's fade: first hold the toasts' timers
  // (Radix pauses them when the window loses focus, as when a person looks away), so none starts to
  // fade out while axe reads its colours, then let any running animation finish.
  // A toast asked for before the toaster's code arrived (it loads on the first toast) slides in later:
  // wait for it to be in the page first.
  await page.waitForFunction(() => !document.querySelector('[data-toaster-loading]'));
  await page.evaluate(async () => {
    window.dispatchEvent(new Event('blur'));
    // Until nothing runs for two frames in a row: one animation may begin as another ends (a fade-out
    // after a state change), and one for an element just added (a toast) starts only at the next
    // style update, after the frame that found none.
    let quiet = 0;
    for (let round = 0; round < 20 && quiet < 2; round++) {
      await new Promise((frame) => requestAnimationFrame(frame));
      // (An endless one, a spinner, never finishes: it is not waited for.)
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) {
        quiet++;
        continue;
      }
      quiet = 0;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  // A toast that had begun to fade out before the pause has faded to nothing but stays in the page
  // until Radix hears its animation end: wait until it has gone (Radix toasts are the list items with
  // a swipe direction).
  await page.waitForFunction(() => !document.querySelector('li[data-swipe-direction][data-state="closed"]'));
  const results = await new AxeBuilder({ page }).analyze();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/**
 * The next request to `url` is answered as the server answers a sensitive action more than 10 minutes
 * after the last proof (403 reauthRequired): ten minutes cannot pass in a browser test (the API tests
 * move the proof's time back in the database instead). The requests after it reach the real server,
 * as do those of another `method` when one is named (GET /api/user is the session, DELETE the erasure).
 */
export async function proofIsStaleFor(page: Page, url: string, method?: string) {
  let asked = false;
  await page.route(url, async (route) => {
    if (asked || (method !== undefined && route.request().method() !== method)) return route.continue();
    asked = true;
    await route.fulfill({
      status: 403,
      json: { message: 'Please confirm it is you to continue.', reauthRequired: true },
    });
  });
}

/** Answers the 'Confirm it's you' prompt with the password; the action then carries on by itself. */
export async function confirmItIsMe(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** Types Stripe's test card (4242..., or `number`) into the subscribe page's card form and sends it with `button`. */
export async function payByCard(page: Page, button: string, number = '4242 4242 4242 4242') {
  const payment = await typeTestCard(page, number);
  await payment.getByRole('button', { name: button }).click();
}

/** Registers through the API (fast set-up for tests about something else); the page is then signed in. */
export async function registerViaApi(page: Page, user = uniqueUser()) {
  const res = await page.request.post('/api/register', {
    data: { username: user.username, email: user.email, password: user.password, agreeTerms: true },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return user;
}

/** Opens the verification link mailed to a new account, through the API (set-up for tests about something else). */
export async function verifyViaApi(page: Page, email: string) {
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec((await mailTo(email, 'Verify')).text)?.[1];
  const res = await page.request.post('/api/user/verify-email', {
    data: { token },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const PRACTICE_BILLING = {
  name: 'Smile Dental Ltd',
  line1: '12 High Street',
  city: 'Leeds',
  postcode: 'ls1 4ap',
  vatNumber: 'GB123456789',
};

/**
 * Gives the billing details the subscribe page asks for before the card, and
 * waits until they are saved and the card form shows.
 */
export async function giveBillingDetails(page: Page, details = PRACTICE_BILLING) {
  const form = page.getByRole('form', { name: 'Billing details' });
  await form.getByLabel('Practice or business name').fill(details.name);
  await form.getByLabel('Address', { exact: true }).fill(details.line1);
  await form.getByLabel('Town or city').fill(details.city);
  await form.getByLabel('Postcode').fill(details.postcode);
  await form.getByLabel('UK VAT number (optional)').fill(details.vatNumber);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(form).toBeHidden();
}

/** Types a Stripe test card into the (stand-in) Payment Element; answers the payment region, for its button. */
export async function typeTestCard(page: Page, number = '4242 4242 4242 4242') {
  const payment = page.getByRole('region', { name: 'Payment details' });
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Expiry date').fill('12 / 30');
  await payment.getByLabel('Security code').fill('123');
  return payment;
}

/**
 * Opens a trial for the signed-in page's user through the API, as the subscribe page does (the e2e
 * server talks to the fake Stripe). Its card is not given yet: nothing has begun until
 * `atStripe(page, 'confirm-setup', email)` (docs/decisions/063-a-trial-starts-with-its-card.md).
 */
/** Stripe.js from the stand-in (tests/e2e/support), which talks to the fake Stripe: the only thing routed. */
export async function serveStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      path: path.resolve('tests/e2e/support/stripe-js-standin.js'),
      contentType: 'application/javascript',
    }),
  );
}

export async function subscribeViaApi(
  page: Page,
  planId: 'pro' | 'clinic' = 'pro',
  interval: 'month' | 'year' = 'month',
) {
  const res = await page.request.post('/api/create-subscription', {
    data: { planId, interval },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The status the app shows for a subscription in this Stripe status (docs/architecture.md#settled-points). */
const APP_STATUS: Record<string, string> = {
  trialing: 'active',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
};

/**
 * Does at the fake Stripe what a person or time would (tests/support/fake-stripe-server.ts), to the
 * newest subscription of `email`, and checks the app's webhook accepted every event that followed.
 * The webhook processes events after answering: this waits until the account of `page` (the owner
 * of `email`) shows the subscription as Stripe now has it, so everything the events did is done.
 * 'fail-next' makes Stripe's next POST on that subscription fail with a 500; 'confirm-action' gives
 * the bank's confirmation a renewal waits for (SCA); 'end-retries' ends a failed renewal's retries.
 * `card`: the number 'confirm-setup' saves (Stripe's test cards; 4242... by default).
 */
export async function atStripe(
  page: Page,
  action: 'confirm-setup' | 'end-trial' | 'advance-period' | 'fail-next' | 'confirm-action' | 'end-retries',
  email: string,
  opts: { paymentFails?: boolean; card?: string } = {},
) {
  const query = new URLSearchParams({
    email,
    ...(opts.paymentFails ? { paymentFails: '1' } : {}),
    ...(opts.card ? { card: opts.card } : {}),
  });
  const res = await page.request.post(`${stripeControlURL}/${action}?${query}`);
  expect(res.status(), await res.text()).toBe(200);
  const { statuses, status, currentPeriodEnd } = (await res.json()) as {
    statuses: number[];
    status: string;
    currentPeriodEnd: number;
  };
  expect(
    statuses.filter((s) => s !== 200),
    'webhook answers other than 200',
  ).toEqual([]);
  if (!statuses.length) return;
  await expect
    .poll(async () => {
      const shown = await (await page.request.get('/api/subscription')).json();
      return { status: shown.status, currentPeriodEnd: shown.currentPeriodEnd };
    })
    .toEqual({
      status: APP_STATUS[status] ?? status,
      currentPeriodEnd: new Date(currentPeriodEnd * 1000).toISOString(),
    });
}

/** Fails the test on any error in the browser console (CSP violations included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  // A prerendered page is visible before React runs it; like a person who waits for the page to
  // respond, every goto of a page waits for hydration (the app's own pages have none to wait for).
  // Without JavaScript nothing hydrates, and an answer that is not a page has nothing to wait for;
  // nor has a page of another site (the stand-in note app).
  page: async ({ page, javaScriptEnabled }, use) => {
    // The machine has no internet: Stripe.js is always the local stand-in (a spec may route it otherwise).
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({
        path: path.resolve('tests/e2e/support/stripe-js-standin.js'),
        contentType: 'application/javascript',
      }),
    );
    // What Stripe.js sends to Stripe goes to the fake Stripe, as the app's server's requests do.
    await page.route('https://api.stripe.com/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      const answer = await route.fetch({ url: `${stripeControlURL}/stripe-js${path}` });
      await route.fulfill({
        response: answer,
        headers: { ...answer.headers(), 'access-control-allow-origin': '*' },
      });
    });
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const ours = new URL(page.url()).origin === new URL(baseURL).origin;
      if (javaScriptEnabled && ours && response?.headers()['content-type']?.startsWith('text/html'))
        // The app says when it runs; a marketing page (Astro's) has no such moment: it is ready once
        // loaded, each island hydrating when its directive says (docs/decisions/080-marketing-pages-on-astro.md).
        await page.waitForFunction(
          () =>
            document.documentElement.dataset.app === 'spa' ||
            (document.readyState === 'complete' &&
              document.querySelector('meta[name="generator"][content^="Astro"]') !== null),
        );
      return response;
    };
    await use(page);
    // A page may still be loading when its test ends (a late request of the page the test left on):
    // a route handler then working on it would fail outside any test.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // A 4xx answer is logged by Chromium as a failed resource; the tests assert those through the UI.
        if (
          msg.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
        ) {
          errors.push(msg.text());
        }
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

/** A date as the account's screens write it ('14 March 2026', UK calendar), from the API's ISO text. */
const ukLongDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
export const formatDate = (iso: string | number | Date) => ukLongDate.format(new Date(iso));

/** The signed-in page's subscription as the API answers it (GET /api/subscription). */
export async function subscriptionDetails(page: Page) {
  return (await page.request.get('/api/subscription')).json();
}

/**
 * For passkeys in a real browser (docs/architecture.md#identity): Chromium's virtual authenticator (DevTools
 * protocol, WebAuthn domain) stands in for the fingerprint reader, with a discoverable credential and
 * user verification, as a phone or laptop would.
 */
export async function withVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    /** The credentials the authenticator holds (each with its signature counter). */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
