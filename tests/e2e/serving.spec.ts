import { expect, test } from './fixtures';

test('pages and scripts arrive compressed, scripts cached for a year, a missing asset is a 404', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/assets/') && res.url().endsWith('.js')) scripts.push(res.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);

  const asset = await request.get(scripts[0]!, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const html = await request.get('/pricing', { headers: { 'accept-encoding': 'gzip' } });
  expect(html.headers()['content-type']).toContain('text/html');
  expect(html.headers()['cache-control']).toBe('no-cache');

  const missing = await request.get('/assets/no-such-file.js');
  expect(missing.status()).toBe(404);
});

test.describe('prerendered marketing pages', () => {
  for (const [path, title] of [
    ['/', 'ChairNotes: AI clinical notes for dentists'],
    ['/pricing', 'Pricing · ChairNotes'],
    ['/referral-program', 'Referral programme · ChairNotes'],
    ['/contact', 'Contact us · ChairNotes'],
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
