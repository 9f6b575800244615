import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test('pages and scripts arrive compressed, scripts cached for a year, a missing asset is a 404', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    // The marketing pages' scripts are Astro's (/_astro/), the app's Vite's (/assets/).
    if (/\/(assets|_astro)\//.test(res.url()) && res.url().endsWith('.js')) scripts.push(res.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);

  const asset = await request.get(scripts[0]!, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const html = await request.get('/pricing', { headers: { 'accept-encoding': 'gzip' } });
  expect(html.headers()['content-type']).toContain('text/html');
  expect(html.headers()['content-encoding']).toBe('gzip');
  expect(html.headers()['cache-control']).toBe('no-cache');

  const missing = await request.get('/assets/no-such-file.js');
  expect(missing.status()).toBe(404);
});

// docs/decisions/076-inline-scripts-by-hash.md: each HTML document comes with a CSP that allows its own inline scripts and styles (by
// hash) and nothing else inline. On every kind of path, the page runs with nothing refused.
/** What the browser reports refusing under the page's CSP, as it happens. */
function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) refused.push(msg.text());
  });
  return refused;
}

test.describe('every kind of page runs under its own CSP', () => {
  for (const [kind, path] of [
    ['a marketing page', '/'],
    ['a marketing page, spelt otherwise', '/PRICING/'],
    ['a signed-in page with a prerendered shell', '/refer'],
    ['a page the app alone draws', '/admin/users'],
    ['no page', '/no-such-page'],
  ] as const) {
    test(`${kind}: ${path}`, async ({ page }) => {
      const refused = cspRefusals(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(refused).toEqual([]);
    });
  }

  test('the sign-in page, its forms running: /auth?tab=register', async ({ page }) => {
    const refused = cspRefusals(page);
    // An address with a query starts the page's forms at once (src/site/pages/auth.astro).
    await page.goto('/auth?tab=register');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(refused).toEqual([]);
  });
});

test.describe('prerendered marketing pages', () => {
  for (const [path, title] of [
    ['/', 'ChairNotes: AI clinical notes for dentists'],
    ['/pricing', 'Pricing · ChairNotes'],
    ['/referral-program', 'Referral programme · ChairNotes'],
    ['/contact', 'Contact us · ChairNotes'],
    ['/security', 'Security · ChairNotes'],
    ['/auth', 'Sign in · ChairNotes'],
  ] as const) {
    test(`${path} arrives as finished HTML with its own title and description`, async ({ request }) => {
      const res = await request.get(path);
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).toContain('aria-label="Main"');
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the sign-in form cannot be sent natively (it would put the password in the URL)', async ({
      page,
    }) => {
      await page.goto('/auth');
      const submit = page.getByRole('button', { name: 'Sign in', exact: true });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Password').fill('secret password');
      await page.getByLabel('Password').press('Enter');
      expect(page.url()).not.toContain('password');
    });

    test('the home page hero and its links are there', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Pricing', exact: true }).first()).toHaveAttribute(
        'href',
        '/pricing',
      );
    });
  });
});

// A signed-in page's HTML holds its loading shell (the page's heading and what it is for), so that much
// shows before any script has run (docs/decisions/077-the-app-on-react-router.md).
test.describe('signed-in pages with a prerendered shell', () => {
  for (const [path, title, heading] of [
    ['/account', 'My Account · ChairNotes', 'My Account'],
    ['/refer', 'Refer a Friend · ChairNotes', 'Refer a Friend'],
    ['/subscribe/pro', 'Subscribe to Plus · ChairNotes', 'Subscribe to Plus'],
    ['/subscribe/clinic', 'Subscribe to Practice · ChairNotes', 'Subscribe to Practice'],
    ['/admin/dashboard', 'Dashboard (admin) · ChairNotes', 'Dashboard'],
  ] as const) {
    test(`${path} arrives with its title and heading in the HTML`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      // (React marks where one text ends and the next begins with an empty comment.)
      expect(html.replaceAll('<!-- -->', '')).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    });
  }

  test('another plan, or a page without a shell, gets the app with its starting page and no heading', async ({
    request,
  }) => {
    for (const path of ['/subscribe/free', '/admin/users', '/practice/join']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<title>ChairNotes: AI clinical notes for dentists</title>');
      expect(html, path).not.toMatch(/<h1[\s>]/);
      expect(html, path).toMatch(/<script type="module"/);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('/refer shows its heading and what it is for, and says the rest is loading', async ({ page }) => {
      await page.goto('/refer');
      await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
      await expect(page.getByText(/Give a colleague a free month of ChairNotes/)).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    });
  });
});
