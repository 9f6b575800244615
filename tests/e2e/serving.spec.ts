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
test.describe('every kind of page runs under its own CSP', () => {
  for (const [kind, path] of [
    ['a marketing page', '/'],
    ['a marketing page, spelt otherwise', '/PRICING/'],
    ['a signed-in page with a prerendered shell', '/refer'],
    ['a page the app alone draws', '/admin/users'],
    ['no page', '/no-such-page'],
  ] as const) {
    test(`${kind}: ${path}`, async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (msg) => {
        if (msg.text().includes('Content Security Policy')) refused.push(msg.text());
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(refused).toEqual([]);
    });
  }
});

test.describe('prerendered marketing pages', () => {
  for (const [path, title] of [
    ['/', 'ChairNotes: AI clinical notes for dentists'],
    ['/pricing', 'Pricing · ChairNotes'],
    ['/referral-program', 'Referral programme · ChairNotes'],
    ['/contact', 'Contact us · ChairNotes'],
    ['/security', 'Security · ChairNotes'],
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

// docs/architecture.md#budgets, docs/decisions/060-signed-in-shells.md: a signed-in page's HTML holds its shell (the page's heading and what
// it is for), so that much shows before any script has run.
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
      // The page's code is listed for the app to ask for at once (boot.ts).
      expect(html).toMatch(/data-preload="\/assets\/[^"]+\.js/);
    });
  }

  // boot.ts runs the listed files one per task, in the order listed: each must come after every file it
  // imports, or running it would run those too, in the same long task.
  test('a shell lists every file its page needs, each after the files it imports', async ({ request }) => {
    for (const path of ['/account', '/refer', '/practice', '/subscribe/pro', '/admin/dashboard']) {
      const html = await (await request.get(path)).text();
      const listed = html.match(/data-preload="([^"]+)"/)?.[1]?.split(' ') ?? [];
      // The HTML's own script and what it preloads have run before boot.ts reads the list.
      const ran = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
      expect(listed.length, path).toBeGreaterThan(3);
      expect(listed.at(-1), path).toMatch(/\/assets\/main-[^/]+\.js$/);
      for (const file of listed) {
        const code = await (await request.get(file)).text();
        // Static imports only (`import{x}from"./a.js"`, `import"./a.js"`); `import("./a.js")` runs later.
        const imports = [...code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)].map(
          (m) => `/assets/${m[1]}`,
        );
        for (const dependency of imports)
          expect(ran.has(dependency), `${path}: ${file} imports ${dependency}, not listed before it`).toBe(
            true,
          );
        ran.add(file);
      }
    }
  });

  test('another plan, or a page without a shell, gets the plain app', async ({ request }) => {
    for (const path of ['/subscribe/free', '/admin/users', '/practice/join']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('data-shell');
      expect(html, path).toContain('<div id="root"></div>');
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
