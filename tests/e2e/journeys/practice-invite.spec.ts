/**
 * A practice owner invites a new person, who registers from the invitation mail, joins and opens the
 * note app (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md),
 * walked from the customer's side. The owner's subscription is set up with the fixtures: subscribing is
 * not the step under test.
 */
import { NOTE_APP_URL } from '../../../playwright.config';
import {
  expect,
  expectNoAxeViolations,
  mailsTo,
  mailTo,
  registerViaApi,
  test,
  uniqueUser,
} from '../fixtures';
import { invitationLink, invite, practiceOwner, registerFromInvitation } from '../practice-steps';

test('an invited person registers from the mail, joins without a second mail, and works on the practice plan', async ({
  page,
  browser,
}) => {
  // Two people: an owner who invites, and a newcomer who registers, joins, opens the note app and signs in again.
  test.slow();
  const owner = await practiceOwner(page);
  const practiceName = `${owner.username}'s practice`;

  // The owner invites from /practice.
  const invitee = uniqueUser();
  await invite(page, invitee.email, 'Clinician');

  // The newcomer opens the link from the mail, in a browser of their own.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  const link = await invitationLink(invitee.email);
  await them.goto(link);
  await expect(them.getByRole('button', { name: /^Join / })).toHaveCount(0);
  await registerFromInvitation(them, invitee);

  // Back on the invitation: Join works at once, the invitation having proved the address.
  await expect(them).toHaveURL(link);
  const join = them.getByRole('button', { name: `Join ${practiceName}` });
  await expect(join).toBeEnabled();
  await expectNoAxeViolations(them);
  await join.click();
  await expect(them.getByText(`Welcome to ${practiceName}!`, { exact: true })).toBeVisible();
  await expect(them).toHaveURL(/\/practice$/);
  // One notice, the welcome: no banner asks for the address the invitation proved.
  await expect(them.getByRole('heading', { name: 'Please verify your email address' })).toHaveCount(0);
  await expect(them.getByRole('alert')).toHaveCount(0);
  // The owner is told by mail who joined; the newcomer was never mailed to verify the address. The owner's
  // mail was sent after the registration's would have been, so by now that one would be here too.
  const joined = await mailTo(owner.email, `${invitee.username} joined ${practiceName}`);
  expect(joined.text).toContain(`${invitee.username} (${invitee.email}) accepted the invitation`);
  expect(mailsTo(invitee.email).map((mail) => mail.subject)).toEqual([
    'You are invited to join a practice on ChairNotes',
  ]);

  // The Subscription tab says the practice covers them, and who manages its billing; nothing to buy.
  await them.goto('/account?tab=subscription');
  const coverage = them.getByRole('region', {
    name: `Covered by ${practiceName} on the Practice plan`,
  });
  await expect(coverage).toBeVisible();
  await expect(coverage.getByText('Billing managed by')).toBeVisible();
  await expect(coverage).toContainText(owner.username);
  await expect(them.getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(0);
  await expect(them.getByRole('button', { name: 'Upgrade Plan' })).toHaveCount(0);
  await expect(them.getByRole('form', { name: 'Billing details' })).toHaveCount(0);
  await expect(them.getByRole('region', { name: 'Payment method' })).toHaveCount(0);
  await expectNoAxeViolations(them);

  // Pricing shows the practice's plan, and offers neither it nor Plus.
  await them.goto('/pricing');
  const practiceCard = them.getByRole('article', { name: 'Practice' });
  await expect(practiceCard.getByText("Your practice's plan", { exact: true })).toBeVisible();
  await expect(them.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
  await expectNoAxeViolations(them);

  // 'Open ChairNotes' takes them into the note app, signed in, with access through the practice.
  const open = them.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' });
  await expect(open).toBeVisible();
  await open.click();
  await expect(them).toHaveURL(NOTE_APP_URL);
  await expect(
    them.getByText(`Signed in as ${invitee.username} - access yes`, { exact: true }),
  ).toBeVisible();
  await expect(them.getByText('Plan: clinic', { exact: true })).toBeVisible();

  // Signing in again lands them where they were going, not on /pricing.
  await them.goto('/account');
  await them.getByRole('button', { name: 'My Account' }).click();
  await them.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(them.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await them.goto('/auth');
  const login = them.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel(/^Username/).fill(invitee.username);
  await login.getByLabel('Password').fill(invitee.password);
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(them).toHaveURL(/\/$/);
  await expect(
    them.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' }),
  ).toBeVisible();
  await theirs.close();
});

test('the join page says in one sentence why Join cannot work, and keeps it disabled', async ({
  page,
  browser,
}) => {
  // An owner and a second person signed in with another address.
  test.slow();
  await practiceOwner(page);
  const invitedEmail = `vi${Date.now().toString(36)}@example.com`;
  await invite(page, invitedEmail, 'Clinician');
  const link = await invitationLink(invitedEmail);

  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  // Signed out: sign-in and registration links that come back here.
  await them.goto(link);
  const back = encodeURIComponent(link);
  await expect(them.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth?redirect=${back}`);
  await expect(them.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    new RegExp(`redirect=${back.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );

  // Signed in as someone else: the address is masked, and Join is disabled with the reason.
  const other = await registerViaApi(them);
  await them.reload();
  const join = them.getByRole('button', { name: /^Join / });
  await expect(join).toBeDisabled();
  await expect(join).toHaveAccessibleDescription(
    `This invitation is for vi…@example.com, and you are signed in as ${other.email}. Sign out and sign in with the invited address to join.`,
  );
  await expect(them.getByText(invitedEmail)).toHaveCount(0);
  await expectNoAxeViolations(them);
  await theirs.close();
});
