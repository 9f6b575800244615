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
