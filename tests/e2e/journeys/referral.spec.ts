import { baseURL } from '../../../playwright.config';
import {
  atStripe,
  expect,
  expectNoAxeViolations,
  giveBillingDetails,
  mailTo,
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
  // Each referral is listed with what it earned, and a mail said so.
  const listed = referrerPage.getByRole('list', { name: 'Each referral' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Free month earned');
  await expect(listed).toContainText('You earned a free month: it comes off your next bill.');
  expect((await mailTo(referrer.email, 'You earned a free month of ChairNotes')).text).toContain(
    'your referral is complete',
  );

  await referrerContext.close();
});

test('a referrer whose own renewal failed is told, on /refer and by mail, why the referral earned no month', async ({
  page,
  browser,
}) => {
  // Two people, each with a trial and Stripe's clock turned: more than an ordinary test's work.
  test.slow();
  // Set up, not under test: a referrer whose first payment after the trial failed (past due).
  const referrer = await registerViaApi(page);
  await verifyViaApi(page, referrer.email);
  await subscribeViaApi(page, 'pro');
  await atStripe(page, 'confirm-setup', referrer.email);
  await atStripe(page, 'end-trial', referrer.email, { paymentFails: true });
  const code = (await (await page.request.get('/api/referrals/code')).json()).referralCode as string;

  // A colleague subscribes with the code and, past their free month, pays: the referral completes.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  const friend = await registerViaApi(friendPage);
  await subscribeViaApi(friendPage, 'pro');
  const applied = await friendPage.request.post('/api/subscription/referral', {
    data: { code },
    headers: { origin: baseURL },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await atStripe(friendPage, 'confirm-setup', friend.email);
  await atStripe(friendPage, 'end-trial', friend.email);
  await atStripe(friendPage, 'advance-period', friend.email);
  await friendContext.close();

  // The referrer reads why no month came, in their words, and what it takes.
  await page.goto('/refer');
  const figures = page.getByRole('region', { name: 'Your referrals' });
  await expect(figures.locator('dl > div').filter({ hasText: 'Completed' }).locator('dd')).toHaveText('1');
  const listed = page.getByRole('list', { name: 'Each referral' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('No free month');
  await expect(listed).toContainText(
    'No free month: your own subscription was not active when your colleague paid.',
  );
  await expectNoAxeViolations(page);
  const mail = await mailTo(referrer.email, 'Your ChairNotes referral is complete');
  expect(mail.text).toContain('your own subscription was not active when your colleague paid');
});
