import type { Page } from '@playwright/test';
import { maskEmail } from '../../src/shared/mask-email';
import {
  atStripe,
  expect,
  expectNoAxeViolations,
  giveBillingDetails,
  payByCard,
  registerViaApi,
  subscribeViaApi,
  test,
  uniqueUser,
  verifyViaApi,
} from './fixtures';
import {
  invitationLink,
  invite,
  joinedClinician,
  practiceOwner,
  registerFromInvitation,
} from './practice-steps';

// A practice as its owner and its team use it (docs/architecture.md#practices): the owner invites from /practice,
// an invited person registers from the mail's link and joins, and the note app follows membership.

async function accountMenu(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  return page.getByRole('menu');
}

test('an owner invites two people; one registers from the mail and joins, then is removed', async ({
  page,
  browser,
}) => {
  // An owner, two invitations, a registration, a join (which verifies the address) and a removal.
  test.slow();
  const owner = await practiceOwner(page);
  const practiceName = `${owner.username}'s practice`;
  await expect(page.getByText('1 of 10 seats used')).toBeVisible();
  await expectNoAxeViolations(page);

  const invitee = uniqueUser();
  const other = uniqueUser();
  await invite(page, invitee.email, 'Clinician');
  await invite(page, other.email, 'Admin');
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('3 of 10 seats used')).toBeVisible();

  // The invited person, signed out, opens the link from the mail.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  const link = await invitationLink(invitee.email);
  await them.goto(link);
  await expect(
    // The address masked: whoever holds the link may not own it.
    them.getByText(`invites ${maskEmail(invitee.email)} to join ${practiceName} as clinician.`),
  ).toBeVisible();
  await expectNoAxeViolations(them);
  await registerFromInvitation(them, invitee);

  // Back on the invitation, signed in: joining verifies the invited address, so no second mail is needed.
  await expect(them).toHaveURL(link);
  await expect(them.getByRole('heading', { name: 'Please verify your email address' })).toHaveCount(0);
  await them.getByRole('button', { name: `Join ${practiceName}` }).click();
  await expect(them.getByText(`Welcome to ${practiceName}!`, { exact: true })).toBeVisible();
  await expect(them).toHaveURL(/\/practice$/);
  await expect(them.getByRole('heading', { level: 1, name: practiceName })).toBeVisible();
  await expect(them.getByText('You are a clinician here.', { exact: false })).toBeVisible();
  // A clinician invites nobody.
  await expect(them.getByRole('region', { name: 'Invite a team member' })).toHaveCount(0);
  await expectNoAxeViolations(them);
  // The practice's subscription gives them the note app, and the header its page.
  await expect(them.getByRole('navigation').getByRole('link', { name: 'Practice' }).first()).toBeVisible();
  const menu = await accountMenu(them);
  await expect(menu.getByRole('menuitem', { name: /Open ChairNotes/ })).toBeVisible();
  await them.keyboard.press('Escape');

  // The owner sees them joined, and removes them.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await members.getByRole('button', { name: `Remove ${invitee.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${invitee.username}?` });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(
    page.getByText(`${invitee.username} was removed from the practice`, { exact: true }),
  ).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(1);

  await them.reload();
  await expect(them.getByText('You are not in a practice.', { exact: false })).toBeVisible();
  const after = await accountMenu(them);
  await expect(after.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(after.getByRole('menuitem', { name: /Open ChairNotes/ })).toHaveCount(0);
  await expect(after.getByRole('menuitem', { name: 'Practice' })).toHaveCount(0);
  await them.keyboard.press('Escape');

  // The link was used; the other invitation is withdrawn and its link says so.
  await them.goto(link);
  await expect(them.getByRole('alert')).toHaveText('This invitation has already been used.');
  await pending.getByRole('button', { name: `Withdraw the invitation to ${other.email}` }).click();
  await expect(pending.getByText('No invitations waiting.')).toBeVisible();
  await them.goto(await invitationLink(other.email));
  await expect(them.getByRole('alert')).toHaveText(
    'This invitation was withdrawn. Ask the practice for a new one.',
  );
  await theirs.close();
});

test('the invite form works from the keyboard, and a refusal shows under the address', async ({ page }) => {
  await practiceOwner(page);
  const form = page.getByRole('region', { name: 'Invite a team member' });
  await form.getByLabel('Email address').focus();
  await page.keyboard.type('not an address');
  await page.keyboard.press('Enter');
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email address').fill('');
  const email = uniqueUser().email;
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Role')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send invitation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Invitation sent to ${email}`, { exact: true })).toBeVisible();
  // The same address again: the server's refusal shows under the field.
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    form.getByText('An invitation to this address is already waiting: resend it instead.'),
  ).toBeVisible();
});

test('a practice bought on the subscribe page is named as its invoices are; each role is described where it is picked', async ({
  page,
}) => {
  // The subscribe page with its billing details and card, then the practice page.
  test.slow();
  await registerViaApi(page);
  await page.goto('/subscribe/clinic');
  await giveBillingDetails(page);
  await payByCard(page, 'Start Free Trial');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed!');

  await page.goto('/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Smile Dental Ltd' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Invite a team member' });
  await expect(form.getByLabel('Role')).toHaveAccessibleDescription(
    "What each role can do Admin: Uses the note app on the practice's plan, invites and removes members, and renames the practice. Clinician: Uses the note app on the practice's plan. Cannot invite or remove anyone. Owner: Pays for the practice, changes roles and can hand the practice over. There is one.",
  );
  await expectNoAxeViolations(page);
});

test('someone in no practice is shown the Practice plan', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/practice');
  await expect(page.getByText('You are not in a practice.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the Practice plan' })).toHaveAttribute('href', '/pricing');
  await expectNoAxeViolations(page);
});

test('the owner hands the practice over to a member, who gets its subscription', async ({
  page,
  browser,
}) => {
  // Two people, a join through the API, and a handover in the page.
  test.slow();
  const owner = await practiceOwner(page);
  const { page: them, context: theirs, member } = await joinedClinician(page, browser);

  await page.reload();
  await page.getByRole('button', { name: `Hand the practice over to ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hand the practice over to ${member.username}?` });
  await expect(dialog).toContainText("the practice's subscription, invoices and card");
  await dialog.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByText(`${member.username} now owns the practice`, { exact: true })).toBeVisible();
  await expect(page.getByText('You are an admin here.', { exact: false })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Members' }).getByRole('listitem').filter({ hasText: owner.username }),
  ).toContainText('Admin');

  await them.goto('/account?tab=subscription');
  const summary = them.getByRole('region', { name: 'Your subscription' });
  await expect(summary).toContainText('Practice');
  await them.goto('/practice');
  await expect(them.getByText('You are the owner here.', { exact: false })).toBeVisible();
  await theirs.close();
});

test('a member who pays for Plus is told the practice covers them', async ({ page, browser }) => {
  test.slow();
  await practiceOwner(page);
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  const member = await registerViaApi(them);
  await verifyViaApi(them, member.email);
  await subscribeViaApi(them, 'pro');
  await atStripe(them, 'confirm-setup', member.email);
  await invite(page, member.email, 'Clinician');
  await them.goto(await invitationLink(member.email));
  await them.getByRole('button', { name: /^Join / }).click();
  await expect(them).toHaveURL(/\/practice$/);
  await expect(
    them.getByText("The practice's subscription covers you, so you may cancel your own plan"),
  ).toBeVisible();
  await expect(them.getByRole('link', { name: 'Subscription tab' })).toHaveAttribute(
    'href',
    '/account?tab=subscription',
  );
  // The tab says so too, and keeps their own Plus with its controls, the cancel among them.
  await them.getByRole('link', { name: 'Subscription tab' }).click();
  const coverage = them.getByRole('region', { name: /^Covered by .+ on the Practice plan$/ });
  await expect(coverage).toContainText('You also pay for a Plus plan of your own');
  const own = them.getByRole('region', { name: 'Your subscription' });
  await expect(own).toContainText('Plus');
  await expect(own.getByRole('button', { name: /Cancel/ }).first()).toBeVisible();
  await expectNoAxeViolations(them);
  await theirs.close();
});

test("'Need more seats?' asks how many in all, and sends the request to our team", async ({ page }) => {
  const owner = await practiceOwner(page);
  const invite = page.getByRole('region', { name: 'Invite a team member' });
  await invite.getByRole('button', { name: 'Need more seats?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask for more seats' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('At least 2 seats', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Seats in all').fill('15');
  await dialog.getByLabel('Anything we should know? (optional)').fill('A second surgery opens in spring.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Thank you. We will reply to ${owner.email}.`, { exact: true })).toBeVisible();
  await expect(invite.getByRole('button', { name: 'Need more seats?' })).toBeFocused();
});
