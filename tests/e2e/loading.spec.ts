// Signed-in pages while their data is on its way (docs/architecture.md#budgets): the page is there at once with
// placeholders where its content goes, not a lone spinner; and when the answers come, nothing moves.
import type { Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';

/**
 * Holds the answers to the page's requests matching `url` until the test calls `release` (an event of the
 * test's, never a timer). `requested` lists the paths asked for so far.
 */
async function holdAnswers(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requested: string[] = [];
  await page.route(url, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { release, requested };
}

/** From the page's start: the sum of its layout shifts, as CLS counts them (none just after input). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { layoutShift?: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.layoutShift! += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift so far, once the frames drawn up to now have been reported. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    // The observer's callback runs as a task after the frame that shifted: let it run.
    await new Promise((task) => setTimeout(task));
    return (window as Window & { layoutShift?: number }).layoutShift ?? 0;
  });
}

test('on a phone, /refer shows its cards with placeholders while the referral data loads, and nothing moves when it comes', async ({
  page,
}) => {
  // The size the budgets are measured at (Lighthouse's mobile).
  await page.setViewportSize({ width: 412, height: 823 });
  await registerViaApi(page);
  const answers = await holdAnswers(page, /\/api\/referrals\//);
  await watchLayoutShifts(page);
  await page.goto('/refer');

  // The page, its verification banner and its cards are there; the code and the figures are placeholders.
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toBeVisible();
  const codeCard = page.getByRole('region', { name: 'Your referral code' });
  await expect(codeCard.getByRole('status', { name: 'Loading your referral code' })).toBeVisible();
  await expect(codeCard.getByRole('button', { name: 'Copy referral code' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Invite a colleague' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your referrals' })).toBeVisible();
  // Both were asked for as the page started, not one after the other.
  expect(answers.requested.sort()).toEqual(['/api/referrals/code', '/api/referrals/stats']);

  answers.release();
  await expect(codeCard.getByRole('button', { name: 'Copy referral code' })).toBeEnabled();
  await expect(codeCard.getByRole('textbox', { name: 'Share link' })).toHaveValue(/\/auth\?ref=/);
  const total = page.getByRole('term').filter({ hasText: 'Total referrals' });
  await expect(total.locator('xpath=following-sibling::dd[1]')).toHaveText('0');
  expect(await layoutShift(page)).toBeLessThan(0.02);
});

test('/refer is its prerendered shell until the session is known, then the page, with one heading and nothing moved', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await registerViaApi(page);
  const session = await holdAnswers(page, /\/api\/user$/);
  await watchLayoutShifts(page);
  // (The fixture's goto waits for the app, which waits for the session: it ends once that is released.)
  const opening = page.goto('/refer');

  // Before the app can show the page, the HTML's shell does: the heading, what the page is for, and a
  // placeholder for the rest.
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
  await expect(page.getByText(/Give a colleague a free month/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading', exact: true })).toBeVisible();
  await expect.poll(() => session.requested).toEqual(['/api/user']);
  // The page itself waits for the session: none of its cards yet.
  await expect(page.getByRole('region', { name: 'Your referral code' })).toHaveCount(0);

  session.release();
  await opening;
  // The page replaced the shell: its cards are there, and one heading, not two.
  await expect(page.getByRole('region', { name: 'Your referral code' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Loading', exact: true })).toHaveCount(0);
  expect(await layoutShift(page)).toBeLessThan(0.02);
});

test('the Subscription tab shows a card of its size while the subscription loads, and nothing moves when it comes', async ({
  page,
}) => {
  await registerViaApi(page);
  const answers = await holdAnswers(page, /\/api\/(subscription$|billing\/)/);
  await watchLayoutShifts(page);
  await page.goto('/account?tab=subscription');

  const summary = page.getByRole('region', { name: 'Your subscription' });
  await expect(summary.getByRole('status', { name: 'Loading your subscription' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment method' }).getByRole('status')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing history' }).getByRole('status')).toBeVisible();
  // No spinner stands in for the page.
  await expect(page.getByRole('status', { name: 'Loading', exact: true })).toHaveCount(0);
  expect(answers.requested).toContain('/api/subscription');

  answers.release();
  await expect(summary.getByText('No active subscription')).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.02);
});

test("a newcomer's banner comes with the page, not above its loading shell", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // A new account: its address is not verified, so a banner asks for it above every page.
  await registerViaApi(page);
  const code = await holdAnswers(page, /\/assets\/subscribe-page-[^/]+\.js$/);
  await watchLayoutShifts(page);
  // (The fixture's goto waits for the page, which waits for its code: it ends once that is released.)
  const session = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/user');
  const opening = page.goto('/subscribe/pro');

  // The app runs and the session is known, but the page's code is not here: the shell shows, and the banner
  // waits with the page rather than push the shell down (layoutShift waits for the frames drawn since).
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Plus' })).toBeVisible();
  await session;
  await page.waitForFunction(() => document.documentElement.dataset.app === 'spa');
  await expect.poll(() => code.requested.length).toBe(1);
  expect(await layoutShift(page)).toBeLessThan(0.02);
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toHaveCount(0);

  code.release();
  await opening;
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await layoutShift(page)).toBeLessThan(0.02);
});
