import type { Page } from '@playwright/test';
import { expect, test, uniqueUser } from './fixtures';

// Marketing pages are HTML with islands (docs/decisions/059-marketing-islands.md): the script React needs loads only when a
// visitor reaches for a part that uses it, and nothing they do before is lost.

/** The file that brings React to a prerendered page (islands/runtime.tsx). */
const ISLAND_RUNTIME = /\/assets\/runtime-[^/]+\.js$/;

async function openWatchingScripts(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return scripts;
}

test('a reader of the landing page runs no React: every island waits', async ({ page }) => {
  const scripts = await openWatchingScripts(page, '/');
  // The page has loaded and its decoration runs without React.
  await expect(page.getByTestId('particle-background')).toHaveAttribute(
    'data-animation',
    /running|paused|off/,
  );
  await expect(page.locator('[data-island]')).not.toHaveCount(0);
  await expect(page.locator('[data-island-state]')).toHaveCount(0);
  expect(scripts.filter((s) => ISLAND_RUNTIME.test(s))).toEqual([]);
  // The prices and the sample note are in the page as text.
  await expect(page.getByRole('article', { name: 'Plus' })).toContainText('£99.80');
  await expect(page.getByRole('figure', { name: 'Routine examination' })).toContainText('BPE');
});

test('a tap on the phone menu before React runs opens the menu once it does', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWatchingScripts(page, '/');
  const header = page.locator('[data-island="header"]');
  await expect(header).not.toHaveAttribute('data-island-state', /./);
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(header).toHaveAttribute('data-island-state', 'hydrated');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#main')).toBeVisible();
});

test('what is typed in the footer before its form runs is kept, and Enter sends it', async ({ page }) => {
  await openWatchingScripts(page, '/pricing');
  const island = page.locator('[data-island="newsletter"]');
  await expect(island).not.toHaveAttribute('data-island-state', /./);
  const email = page.getByLabel('Email address');
  await email.pressSequentially(uniqueUser().email);
  const typed = await email.inputValue();
  await expect(island).toHaveAttribute('data-island-state', 'hydrated');
  await expect(email).toHaveValue(typed);
  await email.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /subscribed|thank/i })).toBeVisible();
});
