import type { Page } from '@playwright/test';
import {
  atStripe,
  expect,
  expectNoAxeViolations,
  formatDate,
  mailTo,
  registerViaApi,
  subscribeViaApi,
  subscriptionDetails,
  test,
} from '../fixtures';

// A failed renewal keeps access for 7 days (a banner and the mail say until when), then closes it until
// paid; a new card pays it and opens it again (docs/decisions/066-failed-renewal-grace-and-money-mails.md). The steps
// at Stripe (the renewal failing, a week of retries running out) are the fake Stripe's, as time
// would do them; everything the subscriber does is done in the page.

/** Whether the account menu offers the note app, as the person sees it. */
async function menuOffersNoteApp(page: Page, offered: boolean) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await expect(page.getByRole('menuitem', { name: /Open ChairNotes/ })).toHaveCount(offered ? 1 : 0);
  await page.keyboard.press('Escape');
}

test('a subscriber whose renewal fails keeps the note app for 7 days, is told until when, and a new card pays and restores it', async ({
  page,
  consoleErrors,
}) => {
  // A trial, a failed renewal, a week of retries and a card update, each followed by the webhook, and
  // five pages: about four ordinary tests' work.
  test.slow();
  const user = await registerViaApi(page);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', user.email);
  await atStripe(page, 'end-trial', user.email, { paymentFails: true });

  // The banner on every signed-in page says until when the note app stays open.
  const { pastDueAccessUntil } = await subscriptionDetails(page);
  const until = formatDate(pastDueAccessUntil);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Your last payment failed' });
  await expect(banner).toContainText(`The note app stays open to you until ${until}`);
  await expect(banner.getByRole('link', { name: 'Update card' })).toBeVisible();
  await menuOffersNoteApp(page, true);
  await expectNoAxeViolations(page);

  // The mail says the same, once.
  const mail = await mailTo(user.email, 'Your ChairNotes payment failed');
  expect(mail.text).toContain(`The note app stays open to you until ${until}`);

  // The unpaid renewal is in the billing history, to be paid: not a receipt.
  await page.goto('/account?tab=subscription');
  const history = page.getByRole('region', { name: 'Billing history' });
  const unpaid = history.getByRole('row').filter({ hasText: 'Open — payment due' });
  await expect(unpaid.getByRole('cell')).toHaveText(
    [/\d{4}$/, '£83.17', '£16.63', '£99.80', 'Open — payment due', /^Pay now/],
    { useInnerText: true },
  );
  await expect(unpaid.getByRole('link', { name: /^Pay now/ })).toHaveAttribute(
    'href',
    /^https:\/\/invoice\.stripe\.test\/in_/,
  );
  await expectNoAxeViolations(page);

  // A week on, Stripe's retries have run out: the note app closes until the renewal is paid.
  await atStripe(page, 'end-retries', user.email);
  await page.goto('/');
  await expect(banner).toContainText('The note app is closed to you until the payment is made.');
  await menuOffersNoteApp(page, false);
  expect((await (await page.request.get('/api/user')).json()).noteAppAccess).toBe(false);

  // The banner's 'Update card' leads to the tab, where a new card pays the renewal at once.
  await banner.getByRole('link', { name: 'Update card' }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription/);
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await expect(plan).toContainText('Warning: your last payment failed.');
  await plan.getByRole('button', { name: 'Update card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update your card' });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry date').fill('12 / 30');
  await dialog.getByLabel('Security code').fill('123');
  await dialog.getByRole('button', { name: 'Save card and pay' }).click();
  await expect(page.getByText('Card updated', { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(plan).toContainText('Active');
  await expect(history.getByRole('row').filter({ hasText: 'Open — payment due' })).toHaveCount(0);
  await expect(history.getByRole('row').filter({ hasText: '£99.80' }).first()).toContainText('Receipt');
  await menuOffersNoteApp(page, true);
  expect(await subscriptionDetails(page)).toMatchObject({ status: 'active', pastDueAccessUntil: null });

  // Paid: the receipt comes by mail, with its VAT.
  const receipt = await mailTo(user.email, 'Payment received: £99.80');
  expect(receipt.text).toContain('Invoice total £99.80: £83.17 plus £16.63 VAT.');
  expect(consoleErrors).toEqual([]);
});
