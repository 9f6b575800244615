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

// The sign-in page's forms are one island that hydrates when the visitor reaches into it
// (src/site/pages/auth.astro): a press or a key before it runs is not lost.
const AUTH_ISLAND = /\/_astro\/auth-page\.[^/]+\.js$/;

/**
 * A deployment without Sign in with Microsoft. The test server has it set up, and there the forms start at
 * once, because its button is not in the page's HTML.
 */
async function withoutMicrosoft(page: Page) {
  await page.route('/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), microsoftSignIn: false } });
  });
}

test('the sign-in forms load when the visitor reaches in, and keep what they typed before', async ({
  page,
}) => {
  await withoutMicrosoft(page);
  const scripts = watchScripts(page);
  const release = await holdScript(page, AUTH_ISLAND);
  const config = page.waitForResponse('/api/config');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  // The page has asked whether anything in it needs the forms at once (here, nothing), and has not loaded them.
  await config;
  expect(scripts.filter((s) => AUTH_ISLAND.test(s))).toEqual([]);

  // Reaching into the form asks for its code (held here, as on a slow line); typing goes on meanwhile.
  const login = page.getByRole('tabpanel', { name: 'Login' });
  const island = page.waitForRequest(AUTH_ISLAND);
  await login.getByLabel('Username').pressSequentially('not.a.member');
  await island;
  await login.getByLabel('Password').pressSequentially('not the password 1');
  const signIn = login.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signIn).toBeDisabled();
  release();
  await expect(signIn).toBeEnabled();
  await expect(login.getByLabel('Username')).toHaveValue('not.a.member');
  await signIn.click();
  // What was typed is what was sent.
  await expect(page.getByText('Invalid username or password').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a tap on Sign in before the sign-in page runs acts once it runs', async ({ page }) => {
    await withoutMicrosoft(page);
    const release = await holdScript(page, AUTH_ISLAND);
    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    const signIn = login.getByRole('button', { name: 'Sign in', exact: true });
    await expect(signIn).toBeDisabled();
    // Nothing pointed at the form before: the tap on its button (disabled until the code runs) starts it.
    const island = page.waitForRequest(AUTH_ISLAND);
    await signIn.tap({ force: true });
    await island;
    release();
    // The tap is not lost: the empty form is checked, as a press on the running form would be.
    await expect(login.getByText('Username is required')).toBeVisible();
    await expect(login.getByText('Password is required')).toBeVisible();
  });
});

test('a press on Register before the sign-in page runs opens Register', async ({ page }) => {
  await withoutMicrosoft(page);
  const release = await holdScript(page, AUTH_ISLAND);
  await page.goto('/auth');
  // The tab is a link until the page's code runs: the browser follows it to the page with Register open.
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  release();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await expect(form.getByLabel('Email')).toBeVisible();
  // Once the page runs, the tab and the login form's link switch in place: the browser loads nothing.
  let documents = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents += 1;
  });
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('tabpanel', { name: 'Login' }).getByRole('link', { name: 'Sign up now' }).click();
  await expect(form.getByLabel('Email')).toBeVisible();
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(form.getByLabel('Email')).toBeVisible();
  expect(documents).toBe(0);
});
