import type { Locator, Page } from '@playwright/test';
import { NOTE_APP_URL } from '../../playwright.config';
import { LEGAL_LINKS, SUPPORT_EMAIL } from '../../src/shared/brand';
import {
  atStripe,
  expect,
  expectNoAxeViolations,
  registerViaApi,
  subscribeViaApi,
  test,
  uniqueUser,
} from './fixtures';

const headerLinks: [string, string][] = [
  ['Home', '/'],
  ['Features', '/#features'],
  ['Testimonials', '/#testimonials'],
  ['Pricing', '/pricing'],
  ['Get a Free Month', '/refer'],
];

/** A signed-in header is the app's: none of the marketing site's links, and 'My Referrals' alone to /refer. */
async function expectNoMarketingLinks(links: Locator) {
  for (const [name] of headerLinks) {
    await expect(links.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
}

/**
 * The account entries each open their own tab, each destination once (no 'Dashboard' to the marketing
 * page, no 'Manage Subscription' beside 'Subscription'). `choose` picks an entry from the menu: the first
 * away from /account (the subscription then loads after the page shows), the rest while it is open.
 */
async function expectAccountMenuTabs(page: Page, choose: (entry: string) => Promise<void>) {
  const selected = (name: string) =>
    expect(page.getByRole('tablist').getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');

  for (const [entry, tab, query] of [
    ['Settings', 'Security', 'security'],
    ['Account', 'Profile', 'profile'],
    ['Subscription', 'Subscription', 'subscription'],
  ] as const) {
    await choose(entry);
    await expect(page).toHaveURL(new RegExp(`/account\\?tab=${query}$`));
    await selected(tab);
  }
}

test.describe('header and footer', () => {
  test('signed out: every header link and the footer', async ({ page }) => {
    await page.goto('/pricing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of headerLinks) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/pricing');
    await expect(nav.getByRole('link', { name: 'My Referrals' })).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Home', '/'],
      ['Pricing', '/pricing'],
      ['Get a Free Month', '/refer'],
      ['Get Started', '/auth'],
      ['Privacy policy', LEGAL_LINKS.privacy],
      ['Terms of service', LEGAL_LINKS.terms],
      ['Cookie policy', LEGAL_LINKS.cookies],
      ['Email Us', `mailto:${SUPPORT_EMAIL}`],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ChairNotes`);
  });

  test('the header turns opaque after 10 px of scroll', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 300);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test("a signed-in page's header turns opaque once scrolled, and clear again at the top", async ({
    page,
  }) => {
    // The app's header (React's useScrolled), which reads the scroll position after the page's first frame.
    await registerViaApi(page);
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/refer');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 300);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.mouse.wheel(0, -300);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('Features scrolls to the section, leaving 80 px for the header', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect
      .poll(async () =>
        page.locator('#features').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      )
      .toBe(80);
  });

  test('signed in: an app header, the avatar menu, its entries, the note app in a new tab', async ({
    page,
  }) => {
    const user = await registerViaApi(page);
    // The note app opens for subscribers only (their card confirmed).
    await subscribeViaApi(page);
    await atStripe(page, 'confirm-setup', user.email);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'My Referrals' })).toHaveAttribute('href', '/refer');
    await expect(nav.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    // The app's header, not the marketing site's: one link to /refer, and the logo still goes home.
    await expectNoMarketingLinks(nav);
    await expect(nav.getByRole('link', { name: 'ChairNotes', exact: true })).toHaveAttribute('href', '/');
    // The header's primary action for a person with access: the note app, in this tab.
    const open = nav.getByRole('link', { name: 'Open ChairNotes', exact: true });
    await expect(open).toHaveAttribute('href', NOTE_APP_URL);
    await expect(open).not.toHaveAttribute('target');
    await page.getByRole('button', { name: 'My Account' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(user.username);
    // Each destination once.
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Account',
      'Subscription',
      'Settings',
      'Refer a Friend',
      /Open ChairNotes/,
      'Log out',
    ]);
    const noteApp = menu.getByRole('menuitem', { name: /Open ChairNotes/ });
    await expect(noteApp).toHaveAttribute('href', NOTE_APP_URL);
    await expect(noteApp).toHaveAttribute('target', '_blank');
    await page.keyboard.press('Escape');

    // The home page's calls to action are the note app and their account, never the trial they have.
    const main = page.getByRole('main');
    for (const section of [
      main.getByRole('region', { name: /Dental clinical notes/ }),
      main.getByRole('region', { name: /Ready to spend less time/ }),
    ]) {
      await expect(section.getByRole('link', { name: 'Open ChairNotes' })).toHaveAttribute(
        'href',
        NOTE_APP_URL,
      );
      await expect(section.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
      await expect(section.getByRole('link', { name: /Get Started Free/ })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('signed in without a plan, the home page still offers the trial', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
    // The calls to action have run for this signed-in visitor (Astro drops an island's `ssr` mark once it
    // has hydrated): what shows now is their decision, not the built page's.
    for (const island of await page.locator('astro-island[component-export="HomeActionsIsland"]').all())
      await expect(island).not.toHaveAttribute('ssr');
    const hero = page.getByRole('main').getByRole('region', { name: /Dental clinical notes/ });
    await expect(hero.getByRole('link', { name: /Get Started Free/ })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'See Features' })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Your account' })).toHaveCount(0);
  });

  test('each account menu entry opens its own tab, also while the account page is open', async ({ page }) => {
    // A subscription, then each menu entry opened in a tab of its own: five page loads.
    test.slow();
    const { email } = await registerViaApi(page);
    await subscribeViaApi(page);
    await atStripe(page, 'confirm-setup', email);
    await page.goto('/refer');
    const avatar = page.getByRole('button', { name: 'My Account' });
    const choose = async (name: string) => {
      await avatar.click();
      await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
    };
    await expectAccountMenuTabs(page, choose);
    await expectNoAxeViolations(page);
  });
  test('a user without a subscription is not offered the note app', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'My Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Open ChairNotes/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open ChairNotes' })).toHaveCount(0);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens the same links and is closed on the next page', async ({ page }) => {
    await page.goto('/');
    const toggle = page.locator('header summary[aria-label="Menu"]');
    const disclosure = page.locator('header details');
    await expect(disclosure).not.toHaveAttribute('open');
    await toggle.click();
    await expect(disclosure).toHaveAttribute('open', '');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    for (const [name, href] of headerLinks) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await menu.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test('signed in: the app links, and each account entry opens its own tab', async ({ page }) => {
    // A subscription, then each menu entry opened in a tab of its own: five page loads.
    test.slow();
    const { email } = await registerViaApi(page);
    await subscribeViaApi(page);
    await atStripe(page, 'confirm-setup', email);
    await page.goto('/refer');
    const toggle = page.locator('header summary[aria-label="Menu"]');
    const disclosure = page.locator('header details');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await toggle.click();
    await expect(menu.getByRole('link', { name: 'My Referrals' })).toHaveAttribute('href', '/refer');
    await expectNoMarketingLinks(menu);
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();

    const choose = async (name: string) => {
      await toggle.click();
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(disclosure).not.toHaveAttribute('open');
    };
    await expectAccountMenuTabs(page, choose);
  });

  test('the marketing panel of /auth is hidden on small screens', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tabpanel', { name: 'Login' })).toBeVisible();
    await expect(page.getByTestId('auth-marketing-panel')).toBeHidden();
  });
});

test('toasts: one at a time, and a failure toast is marked as such', async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  // A name of its own: the per-account throttle counts failures for a name, whoever else tried it.
  await login.getByLabel('Username').fill(uniqueUser().username);
  await login.getByLabel('Password').fill('wrong password');
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  // The pointer resting on the toasts holds them open (Radix pauses their 5-second timers while it is
  // over them, and one that arrives meanwhile starts none): on a busy machine the steps below can
  // outlast a toast that goes by itself, and a toast measured as it leaves has no size.
  await toasts.first().hover();
  await expect(toasts.first()).toHaveText(/Login failed/);
  const first = await toasts.first().elementHandle();

  // Again, from the keyboard, the pointer still on the toast. Until this failure's answer arrives the
  // first toast is the one on screen: wait for it to go (nothing else closes it now), or every check
  // below would pass on it while the new toast replaces it.
  await login.getByLabel('Password').press('Enter');
  await first.waitForElementState('hidden');
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toHaveText(/Login failed/);
  await expect(toasts.first()).toHaveAttribute('data-variant', 'destructive');
  const box = await toasts.first().boundingBox();
  expect(box?.width).toBeGreaterThan(0);
  expect(box?.width).toBeLessThanOrEqual(420);
});
