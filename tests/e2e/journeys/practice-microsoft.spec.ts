/**
 * A practice that signs its team in with Microsoft (docs/decisions/094-sign-in-with-microsoft.md), walked
 * from both sides: the owner links their work account, makes its organisation the practice's and requires
 * Microsoft sign-in on the policy card, after which their password is refused with how to sign in; a
 * newcomer accepts the invitation mail with Microsoft (another organisation's account refused first),
 * becomes a member without a password and opens the note app; a member who had not linked Microsoft when
 * it was required links it by signing in once with Microsoft, then their password.
 * The owner's subscription is set up with the fixtures: subscribing is not the step under test.
 */
import type { Browser, Page } from '@playwright/test';
import { baseURL, MICROSOFT_URL, NOTE_APP_URL } from '../../../playwright.config';
import { expect, expectNoAxeViolations, proofIsStaleFor, test, withVirtualAuthenticator } from '../fixtures';
import {
  invitationLink,
  invite,
  joinedClinician,
  practiceOwner,
  signInWithPassword,
} from '../practice-steps';

type MicrosoftPerson = { tid: string; oid: string; preferredUsername: string; amr: string[] };

/** Names who signs in at the stand-in Microsoft next (a `login_hint` naming a known person picks them). */
async function atMicrosoftSignInAs(page: Page, person: MicrosoftPerson) {
  const res = await page.request.post(`${MICROSOFT_URL}/test/sign-in-as`, { data: { person } });
  expect(res.ok()).toBe(true);
}

/** A practice's organisation of this test's own, and Microsoft accounts of it (or of `tid`). */
function organisation() {
  const run = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const domain = `smile-${run}.example`;
  const tenant = `7a1c0b52-5d3e-4f0a-9b1e-${run.padStart(12, '0').slice(-12)}`;
  const account = (name: string, tid = tenant): MicrosoftPerson => ({
    tid,
    oid: `${name}-${run}`,
    preferredUsername: `${name}@${domain}`,
    amr: ['pwd', 'mfa'],
  });
  return { run, domain, tenant, account };
}

/** Links `mine` in the Security tab, as its owner does. */
async function linkInSecurityTab(page: Page, mine: MicrosoftPerson) {
  await atMicrosoftSignInAs(page, mine);
  const card = page.getByRole('region', { name: 'Microsoft account' });
  await card.getByRole('button', { name: 'Link a Microsoft account' }).click();
  await expect(card.getByText(`Linked: ${mine.preferredUsername}`)).toBeVisible();
}

/** A practice's owner who linked their work account of a new organisation (in the Security tab). */
async function ownerOfOrganisation(page: Page) {
  const org = organisation();
  const owner = await practiceOwner(page);
  await page.goto('/account?tab=security');
  await linkInSecurityTab(page, org.account('owner'));
  return { org, owner, practiceName: `${owner.username}'s practice` };
}

/** The practice requires Microsoft of `tenant`. The policy card is the first test's: here it is set as the card sets it. */
async function requireMicrosoft(page: Page, tenant: string) {
  const saved = await page.request.patch('/api/practice/policy', {
    data: { microsoftTenant: tenant, requireMicrosoft: true },
    headers: { origin: baseURL },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * A practice requiring Microsoft of its owner's organisation invites `name` (made unique) as a clinician,
 * by their work address; they open the mail's link in a browser of their own (`them`, in `theirs`).
 */
async function invitedByWorkAddress(page: Page, browser: Browser, name: string) {
  const { org, owner, practiceName } = await ownerOfOrganisation(page);
  await requireMicrosoft(page, org.tenant);
  await page.goto('/practice');
  const invited = org.account(`${name}${org.run}`);
  await invite(page, invited.preferredUsername, 'Clinician');
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(await invitationLink(invited.preferredUsername));
  return { org, owner, practiceName, name: `${name}${org.run}`, invited, theirs, them };
}

test("the owner makes their Microsoft organisation the practice's and requires it; then their password is refused, saying how to sign in", async ({
  page,
}) => {
  // A practice, a link at Microsoft, the policy card, and a sign-in.
  test.slow();
  const org = organisation();
  const owner = await practiceOwner(page);
  const practiceName = `${owner.username}'s practice`;

  // Before linking their own work account, the card says how to begin.
  const policy = page.getByRole('region', { name: 'Sign-in policy' });
  await expect(policy.getByText(/first link your own Microsoft work account under/)).toBeVisible();
  await policy.getByRole('link', { name: 'Account, Security' }).click();
  const mine = org.account('owner');
  await linkInSecurityTab(page, mine);

  // The practice takes the owner's organisation, and requires it; the card says what that does to members.
  await page.goto('/practice');
  const useIt = policy.getByLabel(`Use my Microsoft organisation, ${org.domain} (${mine.preferredUsername})`);
  const required = policy.getByLabel('Members must sign in with Microsoft');
  await expect(required).toBeDisabled();
  await useIt.check();
  await required.check();
  await expect(required).toHaveAccessibleDescription(
    new RegExp(
      `can no longer sign in with a password or a passkey: we tell them to choose 'Sign in with Microsoft' and use their ${org.domain.replace('.', '\\.')} work account`,
    ),
  );
  await expectNoAxeViolations(page);
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Sign-in policy saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(useIt).toBeChecked();
  await expect(required).toBeChecked();

  // A member's password no longer signs them in (the owner is one): signed out, they are told how to sign in.
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await signInWithPassword(page, owner);
  // Said beside the button it names, where it stays while they read it.
  await expect(page.getByRole('tabpanel', { name: 'Login' }).getByRole('alert')).toHaveText(
    `${practiceName} signs its team in with Microsoft: choose 'Sign in with Microsoft' and use your work account (NHSmail or Microsoft 365).`,
  );
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a member who had not linked Microsoft when the practice required it links it by signing in once with Microsoft, then the password', async ({
  page,
  browser,
}) => {
  // Two people, Microsoft twice, three sign-ins.
  test.slow();
  const { org, practiceName } = await ownerOfOrganisation(page);
  await page.goto('/practice');
  // They joined before the owner required Microsoft.
  const { page: them, context, member } = await joinedClinician(page, browser);
  await requireMicrosoft(page, org.tenant);

  // Their password is refused, and they are told what to do the first time.
  await them.request.post('/api/logout', { headers: { origin: baseURL } });
  await signInWithPassword(them, member);
  const login = them.getByRole('tabpanel', { name: 'Login' });
  await expect(login.getByRole('alert')).toHaveText(
    `${practiceName} signs its team in with Microsoft: choose 'Sign in with Microsoft' and use your work account (NHSmail or Microsoft 365). The first time, you then sign in once more here, with your password, to link it.`,
  );

  // Microsoft finds no account for their work account; the page says the password links it.
  const work = org.account(`member${org.run}`);
  await atMicrosoftSignInAs(them, work);
  await login.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(login.getByRole('status')).toHaveText(
    `No ChairNotes account is linked to the Microsoft account ${work.preferredUsername}. If you have one, sign in above with your password: ${work.preferredUsername} is then linked to it, and signs you in from then on. Otherwise, register.`,
  );
  await expectNoAxeViolations(them);
  await login.getByLabel('Username or email').fill(member.username);
  await login.getByLabel('Password').fill(member.password);
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    them
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText(
        `Welcome back, ${member.username}! Your Microsoft account ${work.preferredUsername} is linked: from now on, 'Sign in with Microsoft' signs you in.`,
      ),
  ).toBeVisible();
  await them.goto('/account?tab=security');
  await expect(
    them.getByRole('region', { name: 'Microsoft account' }).getByText(`Linked: ${work.preferredUsername}`),
  ).toBeVisible();

  // From then on Microsoft alone signs them in: their bookmark of the practice page sends them to sign
  // in, and back to it.
  await them.getByRole('button', { name: 'My Account' }).click();
  await them.getByRole('menuitem', { name: 'Log out' }).click();
  // The sign-in page offers Microsoft from the first moment, before anything is pressed.
  await them.getByRole('link', { name: 'Log In' }).first().click();
  await expect(them).toHaveURL(/\/auth$/);
  await expect(them.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  await them.goto('/practice');
  await expect(them).toHaveURL(/\/auth\?redirect=%2Fpractice$/);
  await atMicrosoftSignInAs(them, work);
  await them.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(them.getByRole('heading', { level: 1, name: practiceName })).toBeVisible();
  await expect(them).toHaveURL(/\/practice$/);
  await context.close();
});

test("an invited clinician accepts with their work account (another organisation's refused), works without a password and opens the note app", async ({
  page,
  browser,
}) => {
  // Two people, Microsoft four times, a passkey, the note app once.
  test.slow();
  // The owner invites a clinician by their work address; the newcomer opens the mail's link in a browser
  // of their own: Microsoft is the way in, no password.
  const {
    org,
    practiceName,
    name: newcomer,
    invited,
    theirs,
    them,
  } = await invitedByWorkAddress(page, browser, 'newcomer');
  const accept = them.getByRole('button', { name: 'Accept with Microsoft' });
  await expect(accept).toHaveAccessibleDescription(
    `${practiceName} signs its team in with Microsoft. Accept with your work account of the practice (NHSmail or Microsoft 365): you need no password here.`,
  );
  await expect(them.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  await expectNoAxeViolations(them);

  // First with an account of another organisation (a personal Microsoft 365): refused, saying why.
  await atMicrosoftSignInAs(them, org.account(newcomer, '0000aaaa-0000-4000-8000-00000000beef'));
  await accept.click();
  await expect(them.getByRole('alert')).toHaveText(
    `This Microsoft account is not of ${practiceName}'s organisation. Sign in to Microsoft with your work account (NHSmail or Microsoft 365) of the practice.`,
  );
  await expectNoAxeViolations(them);

  // Then with the work account: a member, signed in, on the practice's page.
  await atMicrosoftSignInAs(them, invited);
  await them.getByRole('button', { name: 'Accept with Microsoft' }).click();
  await expect(them.getByText(`Welcome to ${practiceName}!`, { exact: true })).toBeVisible();
  await expect(them).toHaveURL(/\/practice$/);
  await expect(them.getByRole('heading', { level: 1, name: practiceName })).toBeVisible();
  await expect(them.getByText(/You are a clinician here/)).toBeVisible();
  // No banner asks for the address the invitation proved.
  await expect(them.getByRole('heading', { name: 'Please verify your email address' })).toHaveCount(0);

  // Their Security tab shows the work account they sign in with.
  await withVirtualAuthenticator(them);
  await them.goto('/account?tab=security');
  await expect(
    them.getByRole('region', { name: 'Microsoft account' }).getByText(`Linked: ${invited.preferredUsername}`),
  ).toBeVisible();
  // No password to change: the tab says how they sign in instead.
  await expect(them.getByRole('region', { name: 'Password' })).toContainText('Your account has no password');
  await expect(them.getByLabel('Current password')).toHaveCount(0);

  // Without a password, 'Confirm it's you' is their work account: to Microsoft and back, then they add
  // the passkey they were adding, without being asked again.
  await proofIsStaleFor(them, '**/api/user/passkeys/registration-options');
  const passkeys = them.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Name for a new passkey').fill('Surgery PC');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const confirm = them.getByRole('dialog', { name: "Confirm it's you" });
  // They have no password to type: the prompt asks for none.
  await expect(confirm).toContainText(
    `For your security, this needs your Microsoft account ${invited.preferredUsername}.`,
  );
  await expect(confirm.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolations(them);
  await atMicrosoftSignInAs(them, invited);
  await confirm.getByRole('button', { name: 'Confirm with Microsoft' }).click();
  await expect(them).toHaveURL(/\/account\?tab=security&microsoft-reauth=done$/);
  await expect(
    them
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText("Confirmed: you won't be asked again for 10 minutes. Go on with what you were doing."),
  ).toBeVisible();
  await passkeys.getByLabel('Name for a new passkey').fill('Surgery PC');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('Surgery PC');
  await expect(confirm).toHaveCount(0);

  // A new email asks them for no password either: the proof they just gave stands for it.
  await them.goto('/account');
  const profile = them.getByRole('region', { name: 'Profile' });
  const moved = `moved-${newcomer}@${org.domain}`;
  await profile.getByLabel('Email').fill(moved);
  await expect(profile.getByLabel('Current password')).toHaveCount(0);
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    profile.getByText(`We sent a confirmation link to ${moved}. Your email changes when you open it.`),
  ).toBeVisible();
  await expect(confirm).toHaveCount(0);

  // The note app opens for them through the practice.
  await them.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' }).click();
  await expect(them).toHaveURL(NOTE_APP_URL);
  await expect(them.getByText(`Signed in as ${newcomer} - access yes`, { exact: true })).toBeVisible();
  await theirs.close();
});

test("the owner's access review shows the Microsoft account each member signs in with; a member without a password deletes their account with Microsoft's confirmation, and leaves the review", async ({
  page,
  browser,
}) => {
  // Two people, Microsoft four times, the owner's review twice.
  test.slow();
  const invitation = await invitedByWorkAddress(page, browser, 'leaver');
  const { org, owner, practiceName, them } = invitation;
  const [leaver, work] = [invitation.name, invitation.invited];
  await atMicrosoftSignInAs(them, work);
  await them.getByRole('button', { name: 'Accept with Microsoft' }).click();
  await expect(them.getByRole('heading', { level: 1, name: practiceName })).toBeVisible();

  // The owner sees, for each member, the Microsoft account they sign in with.
  await page.reload();
  const review = page.getByRole('region', { name: 'Access review' });
  await expect(review.getByRole('columnheader', { name: 'Microsoft account' })).toBeVisible();
  const theirRow = review.getByRole('row').filter({ hasText: leaver });
  await expect(theirRow.getByRole('cell').nth(5)).toHaveText(work.preferredUsername);
  await expect(
    review.getByRole('row').filter({ hasText: owner.username }).getByRole('cell').nth(5),
  ).toHaveText(org.account('owner').preferredUsername);
  await expectNoAxeViolations(page);

  // The member leaves: without a password, the dialog asks for none and says what may be asked instead.
  await them.goto('/account?tab=security');
  await them.getByRole('button', { name: 'Delete account' }).click();
  let dialog = them.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('You may be asked to confirm it is you with your Microsoft account.');
  await expect(dialog.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolations(them);
  // Long after their sign-in, erasing asks for fresh proof: their work account, to Microsoft and back.
  await proofIsStaleFor(them, '**/api/user', 'DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = them.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm).toContainText(
    `For your security, this needs your Microsoft account ${work.preferredUsername}.`,
  );
  await expect(confirm.getByLabel('Password')).toHaveCount(0);
  await atMicrosoftSignInAs(them, work);
  await confirm.getByRole('button', { name: 'Confirm with Microsoft' }).click();
  await expect(them).toHaveURL(/microsoft-reauth=done/);
  await them.getByRole('button', { name: 'Delete account' }).click();
  dialog = them.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(them.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(them.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await invitation.theirs.close();

  // Gone from the practice: the owner's review no longer lists them.
  await page.reload();
  await expect(review.getByRole('row').filter({ hasText: owner.username })).toBeVisible();
  await expect(review.getByRole('row').filter({ hasText: leaver })).toHaveCount(0);
});
