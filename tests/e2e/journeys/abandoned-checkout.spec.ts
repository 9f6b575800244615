import type { Page } from '@playwright/test';
import { NOTE_APP_URL } from '../../../playwright.config';
import { expect, expectNoAxeViolations, giveBillingDetails, payByCard, test, uniqueUser } from '../fixtures';

// The abandoned checkout (docs/decisions/063-a-trial-starts-with-its-card.md), from the newcomer's side: opening the subscribe page and
// leaving without a card gives nothing, and no screen says a trial has begun; coming back carries on
// with the same trial, and the card confirmed in the page (the Stripe.js stand-in, saved at the fake
// Stripe) opens the note app.

/** The note app's entries in the header: the Main navigation's link and the account menu's item. */
async function expectNoteApp(page: Page, shown: boolean) {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' });
  await page.getByRole('button', { name: 'My Account' }).click();
  const item = page.getByRole('menuitem', { name: /Open ChairNotes/ });
  if (shown) {
    await expect(link).toHaveAttribute('href', NOTE_APP_URL);
    await expect(item).toBeVisible();
  } else {
    // The menu is open and has its entries: the note app is not among them.
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(link).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
}

/** From pricing to Plus's subscribe page, as a person goes: the trial's terms once it is prepared. */
async function openPlus(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/subscribe\/pro$/);
  const summary = page.getByRole('region', { name: 'Your plan' });
  await expect(summary).toContainText('Charged after 2 week free trial');
  return (await summary.getByText(/free trial ends on/).textContent()) ?? '';
}

test('a newcomer who leaves the subscribe page without a card gets nothing, and comes back to the same trial', async ({
  page,
}) => {
  // Registration, two visits to the subscribe page with Stripe between, the account and the
  // confirmation: several ordinary tests' work.
  test.slow();
  const user = uniqueUser();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Username').fill(user.username);
  await register.getByLabel('Email').fill(user.email);
  await register.getByLabel('Password').fill(user.password);
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  // First visit: the page prepares the trial, they give their billing details, and leave.
  const terms = await openPlus(page);
  await giveBillingDetails(page);
  await expect(page.getByRole('region', { name: 'Payment details' }).getByLabel('Card number')).toBeVisible();
  await page.goto('/account?tab=subscription');

  // Nothing has begun: no note app, and the account does not speak of a trial.
  await expectNoteApp(page, false);
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await expect(plan).toContainText('No active subscription');
  await expect(plan).toContainText('Lite');
  await expect(plan).not.toContainText('Free trial');
  await expect(plan).not.toContainText('Trial ends');
  await expect(plan.getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();
  // Stripe's £0 invoice of the trial that has not begun is not theirs to see (docs/decisions/074-what-each-screen-says-and-the-trial-that-never-began.md).
  const history = page.getByRole('region', { name: 'Billing history' });
  await expect(history).toContainText('No invoices yet.');
  await expectNoAxeViolations(page);

  // Back again: the same trial (its end date unchanged), and the details given before.
  expect(await openPlus(page)).toBe(terms);
  await expect(page.getByRole('heading', { name: 'Invoices made out to' })).toBeVisible();
  await payByCard(page, 'Start Free Trial');

  await expect(page).toHaveURL(/\/subscribe\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');
  const ends = /ends on (.+?);/.exec(terms)![1];
  await expect(page.getByText(`Your 14-day free trial has started. It ends on ${ends}`)).toBeVisible();
  await expectNoteApp(page, true);

  await page.goto('/account?tab=subscription');
  await expect(plan).toContainText('Free trial');
  await expect(plan).toContainText(`Trial ends${ends}`);
  // Begun, the trial's invoice of nothing is its record.
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('£0.00');
});
