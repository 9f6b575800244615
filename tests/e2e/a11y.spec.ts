import AxeBuilder from '@axe-core/playwright';
import { adminSessionCookies, expect, registerViaApi, test } from './fixtures';

const publicPages = [
  '/',
  '/pricing',
  '/auth',
  '/forgot-password',
  '/referral-program',
  '/contact',
  '/security',
  '/admin',
  '/no-such-page',
];

for (const path of publicPages) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Judge the page as it settles, not halfway through a section's fade-in.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
}

test('/auth register tab with errors shown has no accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page
    .getByRole('tabpanel', { name: 'Register' })
    .getByRole('button', { name: 'Create account' })
    .click();
  await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('signed-in pages have no accessibility violations', async ({ page }) => {
  // Two pages, each checked with axe.
  test.slow();
  await registerViaApi(page);
  for (const path of ['/account', '/refer']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${path} ${v.id}`)).toEqual([]);
  }
});

test('every page can be used with the keyboard: the sign-in form submits with Enter', async ({ page }) => {
  await page.goto('/auth');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(focused.length).toBeGreaterThan(0);
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Username').focus();
  // The form runs once the first key has started its code (src/site/directives/interaction.js); until
  // then its button is disabled, as the reader sees, and Enter with it.
  await expect(panel.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Username is required')).toBeVisible();
});

test("the admin's user detail has no accessibility violations", async ({ page }) => {
  const user = await registerViaApi(page);
  await page.context().addCookies(adminSessionCookies());
  const rows = (await (await page.request.get('/api/admin/users')).json()) as { id: number; email: string }[];
  await page.goto(`/admin/users/${rows.find((r) => r.email === user.email)!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
});
