import {
  atStripe,
  expect,
  giveBillingDetails,
  registerViaApi,
  subscribeViaApi,
  test,
  uniqueUser,
  verifyViaApi,
} from './fixtures';

// A referral end to end, with nothing of ours faked: the referrer's share link, the friend's
// registration and subscription with the code, then the friend's trial and free month ending in (fake)
// Stripe and their signed events reaching the app's webhook: the first paid invoice completes the
// referral and credits the referrer.

test('a friend follows the share link, subscribes with the code, and both see the referral complete', async ({
  page,
  browser,
}) => {
  // Two people in two browsers, a registration and a subscription through the pages, the trial's end
  // delivered to the webhook: the work of about three ordinary tests (measured: 17 s on an idle
  // two-core machine, 22 s beside `npx vitest run`, of the 30 s a test gets).
  test.slow();
  // The referrer: a subscriber (in trial) with a code, and a verified address (rewards need one).
  const referrerContext = await browser.newContext();
  const referrerPage = await referrerContext.newPage();
  const referrer = await registerViaApi(referrerPage);
  await verifyViaApi(referrerPage, referrer.email);
  await subscribeViaApi(referrerPage, 'clinic');
  await atStripe(referrerPage, 'confirm-setup', referrer.email);
  const { referralCode } = await (await referrerPage.request.get('/api/referrals/code')).json();
  expect(referralCode).toMatch(/^[A-Z0-9]{8}$/);

  // The friend opens the share link: Register is open and the code is kept for the subscribe page.
  const friend = uniqueUser();
  await page.goto(`/auth?ref=${referralCode}`);
  await expect(
    page.getByText(`Referral code ${referralCode} will be ready on the subscribe page`),
  ).toBeVisible();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(friend.username);
  await form.getByLabel('Email').fill(friend.email);
  await form.getByLabel('Password').fill(friend.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
  await expect(page).toHaveURL(/\/subscribe\/pro$/);
  const summary = page.getByRole('region', { name: 'Your plan' });
  const codeInput = summary.getByLabel('Referral code');
  await expect(codeInput).toHaveValue(referralCode);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Referral code applied!', { exact: true })).toBeVisible();
  await expect(summary.getByText("Referral code applied. You'll get 1 month free!")).toBeVisible();

  await giveBillingDetails(page);
  const payment = page.getByRole('region', { name: 'Payment details' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry date').fill('12 / 30');
  await payment.getByLabel('Security code').fill('123');
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');

  // Pending on the referrer's side.
  const stats = async () => (await referrerPage.request.get('/api/referrals/stats')).json();
  expect(await stats()).toEqual({
    totalReferrals: 1,
    pendingReferrals: 1,
    completedReferrals: 0,
    credits: 0,
  });

  // The card typed into the (stand-in) Payment Element was saved at Stripe when it was confirmed.
  // Fourteen days later the friend's trial ends: the first month is free, which earns nothing yet.
  await atStripe(page, 'end-trial', friend.email);
  expect((await stats()).pendingReferrals).toBe(1);
  // A month later the friend pays for the first time.
  await atStripe(page, 'advance-period', friend.email);
  // The friend's first month after the trial cost nothing; the next was paid in full.
  const invoices = await (await page.request.get('/api/billing/invoices')).json();
  expect(invoices.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
    [99.8, 'paid'],
    [0, 'paid'],
    [0, 'paid'],
  ]);

  // The referrer sees the completed referral and the free month on /refer.
  await referrerPage.goto('/refer');
  await expect(referrerPage.getByText(referralCode, { exact: true }).first()).toBeVisible();
  expect(await stats()).toEqual({
    totalReferrals: 1,
    pendingReferrals: 0,
    completedReferrals: 1,
    credits: 1,
  });
  const figures = referrerPage
    .getByRole('region', { name: 'Your referrals' })
    .or(referrerPage.locator('section[aria-labelledby="stats-heading"]'));
  const figure = (label: string) => figures.locator('dl > div').filter({ hasText: label }).locator('dd');
  await expect(figure('Completed')).toHaveText('1');
  await expect(figure('Pending')).toHaveText('0');
  await expect(figure('Free months earned')).toHaveText('1');

  await referrerContext.close();
});
