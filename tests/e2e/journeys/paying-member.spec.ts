import {
  atStripe,
  expect,
  expectNoAxeViolations,
  registerViaApi,
  subscribeViaApi,
  test,
  verifyViaApi,
} from '../fixtures';
import { invitationLink, invite, practiceOwner } from '../practice-steps';

// A dentist who pays for Plus is invited into a practice (issue 44): the join page says what joining does
// to their own plan; once covered, their own plan's prompts stop (no 'payment failed' banner on every
// page, no 'Switch to Practice'), and their Subscription tab shows how to cancel it.

test('a paying member joins: told what happens to their own plan, and their own plan stops prompting', async ({
  page,
  browser,
}) => {
  // Two people, two subscriptions with Stripe's clock turned for one, and four screens: a slow test.
  test.slow();
  const owner = await practiceOwner(page);
  const context = await browser.newContext();
  const them = await context.newPage();
  try {
    // Set up, not under test: a Plus subscriber past the trial whose renewal then failed.
    const dentist = await registerViaApi(them);
    await verifyViaApi(them, dentist.email);
    await subscribeViaApi(them, 'pro');
    await atStripe(them, 'confirm-setup', dentist.email);
    await atStripe(them, 'end-trial', dentist.email);
    await atStripe(them, 'advance-period', dentist.email, { paymentFails: true });
    await them.goto('/refer');
    await expect(them.getByText('Your last payment failed', { exact: true })).toBeVisible();

    await invite(page, dentist.email, 'Clinician');
    await them.goto(await invitationLink(dentist.email));
    const practiceName = `${owner.username}'s practice`;
    await expect(them.getByRole('button', { name: `Join ${practiceName}` })).toBeVisible();
    await expect(them.getByRole('main')).toContainText(
      `You pay for your own Plus plan. Joining does not change it: once you are in ${practiceName}, its Practice plan gives you the note app`,
    );
    await expectNoAxeViolations(them);
    await them.getByRole('button', { name: `Join ${practiceName}` }).click();
    await expect(them).toHaveURL(/\/practice$/);

    // Covered now: their own plan's failed payment no longer follows them on every page.
    await expect(them.getByRole('heading', { level: 1, name: practiceName })).toBeVisible();
    await expect(them.getByText('Your last payment failed', { exact: true })).toHaveCount(0);
    await them.goto('/account?tab=subscription');
    const coverage = them.getByRole('region', { name: `Covered by ${practiceName} on the Practice plan` });
    await expect(coverage).toContainText('You also pay for a Plus plan of your own');
    const own = them.getByRole('region', { name: 'Your subscription' });
    await expect(own).toContainText('Plus');
    await expect(own.getByRole('button', { name: 'Switch to Practice' })).toHaveCount(0);
    await expect(own.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await expectNoAxeViolations(them);
  } finally {
    await context.close();
  }
});
