import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';

export { expect };

let counter = 0;
export function uniqueUser() {
  counter++;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { username: `dr${id}`, email: `dr${id}@example.co.uk`, password: 'floss every day' };
}

export const ADMIN = { username: 'e2e-admin', password: 'e2e admin password' };

/** Reads the newest mail to `to` that the test SMTP server received, waiting for it to arrive. */
export async function mailTo(to: string, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  const dir = path.resolve('.tmp/e2e-mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {}
    for (const f of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
      if (String(mail.to).includes(to)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** Registers through the API (fast set-up for tests about something else); the page is then signed in. */
export async function registerViaApi(page: Page, user = uniqueUser()) {
  const res = await page.request.post('/api/register', {
    data: { username: user.username, email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return user;
}

/** Starts a trial for the signed-in page's user through the API (the e2e server talks to the fake Stripe). */
export async function subscribeViaApi(page: Page, planId: 'pro' | 'clinic' = 'pro') {
  const res = await page.request.post('/api/create-subscription', {
    data: { planId },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Fails the test on any error in the browser console (CSP violations included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  // A prerendered page is visible before React runs it; like a person who waits for the page to
  // respond, every goto waits for hydration (the app's own pages have none to wait for).
  page: async ({ page }, use) => {
    // The machine has no internet: Stripe.js is always the local stand-in (a spec may route it otherwise).
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({
        path: path.resolve('tests/e2e/support/stripe-js-standin.js'),
        contentType: 'application/javascript',
      }),
    );
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page
        .waitForFunction(
          () =>
            document.documentElement.dataset.hydrated === 'true' ||
            document.documentElement.dataset.app === 'spa',
          null,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      return response;
    };
    await use(page);
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
