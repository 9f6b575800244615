import type { Page } from '@playwright/test';
import { expect, test, uniqueUser } from './fixtures';

// The marketing pages are Astro's HTML with React islands (docs/decisions/080-marketing-pages-on-astro.md):
// a reader loads React only when they reach a part that needs it, and nothing they do before is lost.

/** Astro's React renderer, and React with it: the file every island needs. */
const REACT = /^\/_astro\/client\.[^/]+\.js$/;

function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

/** Holds the island file the pattern names until the returned function is called. */
async function holdScript(page: Page, file: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(file, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a reader of the top of the landing page runs no React', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/');
  // The page has loaded and its decoration runs without React.
  await expect(page.getByTestId('particle-background')).toHaveAttribute(
    'data-animation',
    /running|paused|off/,
  );
  // The prices and the sample note are in the page as text.
  await expect(page.getByRole('article', { name: 'Plus' })).toContainText('£99.80');
  await expect(page.getByRole('figure', { name: 'Routine examination' })).toContainText('BPE');
  expect(scripts.filter((s) => REACT.test(s))).toEqual([]);
  // Scrolling to the plans brings their island (and React) in.
  const react = page.waitForRequest((r) => REACT.test(new URL(r.url()).pathname));
  await page.getByRole('article', { name: 'Plus' }).scrollIntoViewIfNeeded();
  await react;
});

test('the phone menu opens on the first tap, with no script', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = watchScripts(page);
  await page.goto('/');
  await page.locator('header summary[aria-label="Menu"]').click();
  await expect(page.locator('header details')).toHaveAttribute('open', '');
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Pricing' })).toBeVisible();
  expect(scripts.filter((s) => REACT.test(s))).toEqual([]);
});

test('what is typed in the footer before its form runs is kept, and Enter sends it', async ({ page }) => {
  // The newsletter island's code is held until the visitor has typed.
  const release = await holdScript(page, /\/_astro\/newsletter\.[^/]+\.js$/);
  await page.goto('/pricing');
  const email = page.getByLabel('Email address');
  await email.scrollIntoViewIfNeeded();
  await email.pressSequentially(uniqueUser().email);
  const typed = await email.inputValue();
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toBeDisabled();
  release();
  await expect(subscribe).toBeEnabled();
  await expect(email).toHaveValue(typed);
  await email.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /subscribed|thank/i })).toBeVisible();
});

test('the contact form is HTML until the reader reaches it, and keeps what they typed before it ran', async ({
  page,
}) => {
  // A phone, as the budget measures it: the footer (whose newsletter form has an island of its own) is out of view.
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = watchScripts(page);
  // The form's island is held until the visitor has typed.
  const release = await holdScript(page, /\/_astro\/contact-form\.[^/]+\.js$/);
  await page.goto('/contact?kind=demo');
  // The link's subject is chosen by the page before anything is hydrated, and no React has loaded.
  await expect(page.getByRole('radio', { name: 'Request a demo' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  expect(scripts.filter((s) => REACT.test(s))).toEqual([]);

  const { email, username } = uniqueUser();
  await page.getByLabel('Name').pressSequentially(`Dr ${username}`);
  await page.getByLabel('Email', { exact: true }).pressSequentially(email);
  await page.getByLabel('Message').pressSequentially('We would like a demo for our two surgeries.');
  const send = page.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  release();
  await expect(send).toBeEnabled();
  await expect(page.getByLabel('Name')).toHaveValue(`Dr ${username}`);
  await expect(page.getByRole('radio', { name: 'Request a demo' })).toBeChecked();
  await send.click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
});

test("a testimonial's 'Read more' waits for its island, so a press is never lost", async ({ page }) => {
  const release = await holdScript(page, /\/_astro\/testimonials\.[^/]+\.js$/);
  await page.goto('/');
  const island = page.waitForRequest(/\/_astro\/testimonials\.[^/]+\.js$/);
  await page.locator('#testimonials').scrollIntoViewIfNeeded();
  await island;
  // The grid is the page's HTML until its code arrives: the button is there, and says it cannot act yet.
  const readMore = page.locator('#testimonials').getByRole('button', { name: 'Read more' }).first();
  await expect(readMore).toBeDisabled();
  release();
  await readMore.click();
  await expect(
    page.locator('#testimonials').getByRole('button', { name: 'Show less' }).first(),
  ).toHaveAttribute('aria-expanded', 'true');
});
