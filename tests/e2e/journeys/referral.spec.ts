import {
  atStripe,
  expect,
  giveBillingDetails,
  registerViaApi,
  subscribeViaApi,
  test,
  typeTestCard,
  uniqueUser,
  verifyViaApi,
} from '../fixtures';

// The referred friend, from the link to both credits, walked in the browser: the referrer copies their
// link from /refer; the friend opens it in a browser of their own, registers, and subscribes with the test
// card without pressing Apply (the code that came with the link is applied by itself:
// docs/decisions/064-referral-code-applied-with-the-subscription.md); then Stripe's clock runs through the
// trial and the friend's free month to their first paid invoice, and the referrer's /refer shows the free
// month earned. Only the referrer's own subscription and verified address are set up through the API: they
// are not what is walked here.

test('the referred friend: a copied link, a code applied with nothing pressed, and both free months', async ({
  page,
  browser,
}) => {
  // Two people in two browsers, a registration, a subscription through the pages and two turns of
  // Stripe's clock: about three ordinary tests' work.
  test.slow();
  const referrerContext = await browser.newContext();
  await referrerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const referrerPage = await referrerContext.newPage();
  const referrer = await registerViaApi(referrerPage);
  await verifyViaApi(referrerPage, referrer.email);
  await subscribeViaApi(referrerPage, 'pro');
  await atStripe(referrerPage, 'confirm-setup', referrer.email);

  // The referrer copies their share link from /refer.
  await referrerPage.goto('/refer');
  await referrerPage.getByRole('button', { name: 'Copy share link' }).click();
  await expect(referrerPage.getByText('Copied to clipboard!', { exact: true })).toBeVisible();
  const link = await referrerPage.evaluate(() => navigator.clipboard.readText());
  const code = /\/auth\?ref=([A-Z0-9]+)$/.exec(link)?.[1];
  expect(code, link).toBeTruthy();

  // The friend opens it in their own browser and registers.
  const friend = uniqueUser();
  await page.goto(link);
  await expect(page.getByText(`Referral code ${code} will be applied when you subscribe`)).toBeVisible();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(friend.username);
  await form.getByLabel('Email').fill(friend.email);
  await form.getByLabel('Password').fill(friend.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  // The subscribe page says the code is applied, with nothing pressed; Apply is never used.
  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/subscribe\/pro$/);
  const summary = page.getByRole('region', { name: 'Your plan' });
  await expect(summary.getByText("Referral code applied. You'll get 1 month free!")).toBeVisible();
  await expect(summary.getByText(code!, { exact: true })).toBeVisible();
  await expect(summary.getByRole('button', { name: `Remove referral code ${code}` })).toBeVisible();

  await giveBillingDetails(page);
  const payment = await typeTestCard(page);
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');

  // The referral is recorded: the referrer sees it pending on /refer.
  const figures = referrerPage.getByRole('region', { name: 'Your referrals' });
  const figure = (label: string) => figures.locator('dl > div').filter({ hasText: label }).locator('dd');
  await referrerPage.reload();
  await expect(figure('Pending')).toHaveText('1');
  await expect(figure('Completed')).toHaveText('0');
  await expect(figure('Free months earned')).toHaveText('0');

  // Fourteen days on, the trial ends: the friend's first month is free, which earns nothing yet.
  await atStripe(page, 'end-trial', friend.email);
  await referrerPage.reload();
  await expect(figure('Pending')).toHaveText('1');
  // A month on, the friend pays for the first time: the referrer's free month is earned.
  await atStripe(page, 'advance-period', friend.email);
  const invoices = await (await page.request.get('/api/billing/invoices')).json();
  expect(invoices.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
    [99.8, 'paid'],
    [0, 'paid'],
    [0, 'paid'],
  ]);
  await referrerPage.reload();
  await expect(figure('Completed')).toHaveText('1');
  await expect(figure('Pending')).toHaveText('0');
  await expect(figure('Free months earned')).toHaveText('1');

  await referrerContext.close();
});
