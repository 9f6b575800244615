import type { Locator, Page } from '@playwright/test';
import { matchPath } from 'react-router';
import { pagePatterns } from '../../src/shared/paths';
import {
  adminSessionCookies,
  atStripe,
  expect,
  giveBillingDetails,
  registerViaApi,
  subscribeViaApi,
  test,
  uniqueUser,
} from './fixtures';

// Issue 18: on a phone no page scrolls sideways (a page that does hides its right edge, and every swipe
// up or down drifts it). Every page is visited at the two common phone widths, in the states a person
// meets it in, and measured once its content is there; with it, what was seen wrong at those widths
// without scrolling sideways: cards wider than their column, the steps of subscribing wrapped, the
// current admin section out of sight, and email addresses broken mid-word.

const PHONE_WIDTHS = [360, 390];

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/referral-program',
  '/contact',
  '/contact?kind=demo',
  '/security',
  '/auth',
  '/auth?tab=register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/verify-email?token=not-a-real-token',
  '/newsletter/unsubscribe?token=not-a-real-token',
  '/practice/join?token=not-a-real-token',
  '/no-such-page',
  '/admin',
];

/** A subscriber's pages: the owner of a practice whose trial runs, with a card saved. */
const SUBSCRIBER_PAGES = [
  '/account',
  '/account?tab=subscription',
  '/account?tab=security',
  '/refer',
  '/practice',
  '/practice/audit',
  // (Goes to the pricing page, as a subscriber sees it.)
  '/subscribe',
];

/** The checkout, a step at a time (see its test). */
const CHECKOUT_PAGES = ['/subscribe/pro', '/subscribe/success'];

/** Each admin page, and its section's name in the admin navigation. */
const ADMIN_SECTIONS = [
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/users', 'Users'],
  ['/admin/subscriptions', 'Subscriptions'],
  ['/admin/newsletter', 'Newsletter'],
  ['/admin/referrals', 'Referrals'],
  ['/admin/practices', 'Practices'],
  ['/admin/audit', 'Audit trail'],
] as const;
const ADMIN_PAGES = ADMIN_SECTIONS.map(([path]) => path);
/** A user's detail page (the id of the newest user is put in when it is visited, below). */
const ADMIN_USER_PAGE = '/admin/users/1';

/** Until the page has its content: its heading, and nothing still loading. */
async function expectContent(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^(Loading|Confirming)\b/ })).toHaveCount(0);
}

/**
 * The page is no wider than the window. (A soft check: every page of a test is measured, and each one
 * that fails is named.) The message names what sticks out past the window's edge from a parent that
 * does not, outside any scrolling box of its own, as the place to look.
 */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth, sticksOut } = await page.evaluate(() => {
    const edge = window.innerWidth;
    const inScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const sticksOut = [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > edge &&
          (el.parentElement?.getBoundingClientRect().right ?? 0) <= edge &&
          !inScroller(el),
      )
      .slice(0, 5)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(el.getBoundingClientRect().width)} px wide`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: edge, sticksOut };
  });
  expect
    .soft(scrollWidth, `${what} scrolls sideways at ${innerWidth} px: ${sticksOut.join('; ')}`)
    .toBeLessThanOrEqual(innerWidth);
}

async function expectPagesFit(page: Page, paths: readonly string[], check?: (path: string) => Promise<void>) {
  for (const path of paths) {
    await page.goto(path);
    await expectContent(page);
    await expectNoSidewaysScroll(page, path);
    await check?.(path);
  }
}

/** The three steps of subscribing sit side by side in one row (wrapped, a row began with a stray line). */
async function expectStepsInOneRow(page: Page, what: string) {
  const steps = page.getByRole('list', { name: 'Subscription steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  const tops = await steps.evaluateAll((items) =>
    items.map((li) => Math.round(li.getBoundingClientRect().top)),
  );
  expect.soft(new Set(tops).size, `${what}: the steps in one row`).toBe(1);
}

async function rightEdge(element: Locator): Promise<number> {
  const box = (await element.boundingBox())!;
  return box.x + box.width;
}

/** Each line `text` is laid out in, as the person reads it. */
function linesOf(text: Locator): Promise<string[]> {
  return text.evaluate((element) => {
    const lines: { top: number; text: string }[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const chars = node.textContent ?? '';
      for (let i = 0; i < chars.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const line = lines.at(-1);
        if (line && Math.abs(line.top - top) < 4) line.text += chars[i];
        else lines.push({ top, text: chars[i]! });
      }
    }
    return lines.map((line) => line.text);
  });
}

for (const width of PHONE_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no public page scrolls sideways', async ({ page }) => {
      // Every public page: many more than an ordinary test's two.
      test.slow();
      await expectPagesFit(page, PUBLIC_PAGES);
    });

    test("no page of a subscriber's scrolls sideways", async ({ page }) => {
      test.slow();
      const user = await registerViaApi(page);
      await subscribeViaApi(page, 'clinic');
      await atStripe(page, 'confirm-setup', user.email);
      await expectPagesFit(page, SUBSCRIBER_PAGES, async (path) => {
        if (path !== '/account?tab=subscription') return;
        // Each card within the column (the invoice table once made them all 371 px in 358), and the
        // receipt, last on the right, within it too rather than out of sight in a table scrolled sideways.
        const panel = page.getByRole('tabpanel', { name: 'Subscription' });
        const edge = await rightEdge(panel);
        for (const card of await panel.getByRole('region').all()) {
          const what = `${await card.getAttribute('aria-labelledby')} within the column`;
          expect.soft(await rightEdge(card), what).toBeLessThanOrEqual(edge);
        }
        // In the trial, the £0.00 invoice's link ('Invoice', nothing having been charged).
        const receipt = panel.getByRole('link', { name: /^Invoice/ }).first();
        expect.soft(await rightEdge(receipt), 'the invoice link within the column').toBeLessThanOrEqual(edge);
      });
    });

    test('no step of the checkout scrolls sideways', async ({ page }) => {
      test.slow();
      await registerViaApi(page);
      await page.goto('/subscribe/pro');
      await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible();
      await expectNoSidewaysScroll(page, '/subscribe/pro, billing details');
      await expectStepsInOneRow(page, '/subscribe/pro');

      await giveBillingDetails(page);
      const payment = page.getByRole('region', { name: 'Payment details' });
      const start = payment.getByRole('button', { name: 'Start Free Trial' });
      await expect(start).toBeEnabled();
      await expectNoSidewaysScroll(page, '/subscribe/pro, card');

      await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
      await payment.getByLabel('Expiry date').fill('12 / 30');
      await payment.getByLabel('Security code').fill('123');
      await start.click();
      await expect(page).toHaveURL(/\/subscribe\/success\?/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
      await expectNoSidewaysScroll(page, '/subscribe/success');
      await expectStepsInOneRow(page, '/subscribe/success');
    });

    test('no admin page scrolls sideways, and the navigation shows where the admin is', async ({ page }) => {
      test.slow();
      await page.context().addCookies(adminSessionCookies());
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await expectPagesFit(page, ADMIN_PAGES, async (path) => {
        const [, name] = ADMIN_SECTIONS.find(([p]) => p === path)!;
        const current = nav.getByRole('link', { name, exact: true });
        await expect(current).toHaveAttribute('aria-current', 'page');
        // (The row of sections scrolls sideways: the current one is brought into it, whole.)
        await expect(current, `${name} in sight on ${path}`).toBeInViewport({ ratio: 1 });
      });
      // Someone to look at, whatever else the database holds.
      await registerViaApi(page);
      const [newest] = (await (await page.request.get('/api/admin/users')).json()) as { id: number }[];
      await expectPagesFit(page, [ADMIN_USER_PAGE.replace(/\d+$/, String(newest!.id))]);
    });

    test('an email address in an admin list breaks between its parts, never within one', async ({ page }) => {
      const user = uniqueUser();
      // No hyphen: the browser would break after one by itself.
      const email = `${user.username}@smiledentalpractice.example.co.uk`;
      await registerViaApi(page, { ...user, email });
      await page.context().addCookies(adminSessionCookies());
      await page.goto('/admin/users');
      await page.getByLabel('Search users').fill(email);
      const cell = page.getByRole('cell', { name: email });
      const lines = await linesOf(cell);
      // Too long for its column, so it does break...
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.join('')).toBe(email);
      // ...and each line after the first begins at the @ or a dot.
      expect(lines.slice(1).filter((line) => !/^[@.]/.test(line))).toEqual([]);
    });
  });
}

test('every page of the router is visited above', () => {
  const visited = [
    ...PUBLIC_PAGES,
    ...SUBSCRIBER_PAGES,
    ...CHECKOUT_PAGES,
    ...ADMIN_PAGES,
    ADMIN_USER_PAGE,
  ].map((path) => new URL(path, 'http://localhost').pathname);
  const unvisited = pagePatterns.filter((pattern) => !visited.some((path) => matchPath(pattern, path)));
  expect(unvisited, 'pages this file does not visit').toEqual([]);
});
