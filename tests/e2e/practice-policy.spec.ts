import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { baseURL, NOTE_APP_URL } from '../../playwright.config';
import { expect, expectNoAxeViolations, test, toastTitled } from './fixtures';
import { joinedClinician, practiceOwner, signInWithPassword } from './practice-steps';

// A practice governs its team (docs/decisions/092-a-practice-sign-in-policy.md): the owner requires a
// second factor, a member without one is closed out of the note app at 'Open ChairNotes', turns one on,
// and gets in.

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** The owner turns on an authenticator app through the API (the Security tab's steps are two-factor.spec.ts's). */
async function ownerTurnsOnTwoFactor(page: Page) {
  const headers = { origin: baseURL };
  const setup = await page.request.post('/api/user/2fa/totp/setup', { headers });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await page.request.post('/api/user/2fa/totp/enable', {
    headers,
    data: { code: codeFor(secret) },
  });
  expect(enable.status(), await enable.text()).toBe(200);
}

/** The note app's page, as the stand-in shows who is signed in and whether they may use it. */
const noteAppSays = (page: Page, username: string, access: 'yes' | 'no') =>
  expect(page.getByText(`Signed in as ${username} - access ${access}`, { exact: true })).toBeVisible();

test('the owner requires a second factor: a member without one is closed out at Open ChairNotes, turns one on, and gets in', async ({
  page,
  browser,
}) => {
  // Two people in two browsers, the note app's sign-in twice, and an enrolment.
  test.slow();
  const owner = await practiceOwner(page);
  const { page: them, context: theirs, member } = await joinedClinician(page, browser);

  // The member uses the note app through the practice.
  await them.goto('/account');
  const open = them.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' });
  await open.click();
  await expect(them).toHaveURL(NOTE_APP_URL);
  await noteAppSays(them, member.username, 'yes');

  // The owner, with a second factor of their own, requires one of everyone.
  await ownerTurnsOnTwoFactor(page);
  await page.reload();
  const review = page.getByRole('region', { name: 'Access review' });
  const memberRow = review.getByRole('row').filter({ hasText: member.username });
  await expect(memberRow).toContainText('Off');
  const policy = page.getByRole('region', { name: 'Sign-in policy' });
  await policy.getByLabel('Require a second factor').check();
  await expectNoAxeViolations(page);
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Sign-in policy saved', { exact: true })).toBeVisible();
  // The review says whom the policy closes out.
  await expect(memberRow).toContainText('Note app closed until it is on');
  await expect(review.getByRole('link', { name: 'Download the review (CSV)' })).toHaveAttribute(
    'href',
    '/api/practice/members.csv',
  );

  // The note app, at its next refresh, is closed to the member, and says why.
  await them.getByRole('link', { name: 'Check my access again' }).click();
  await noteAppSays(them, member.username, 'no');
  // Open ChairNotes from ChairNotes: a fresh sign-in to the note app, closed too.
  await them.goto('/account');
  const banner = them.getByRole('region', { name: `${owner.username}'s practice requires a second factor` });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Turn on a second factor' })).toBeVisible();
  await expectNoAxeViolations(them);
  await them.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' }).click();
  await expect(them).toHaveURL(NOTE_APP_URL);
  await noteAppSays(them, member.username, 'no');
  await expect(them.getByRole('alert')).toHaveText(
    'Your practice requires a second factor. Turn one on in ChairNotes.',
  );
  await expect(them.getByRole('link', { name: 'Turn one on in ChairNotes' })).toHaveAttribute(
    'href',
    `${baseURL}/account?tab=security`,
  );

  // Signed in afresh, they are taken where they turn one on, not to plans their practice pays for.
  await theirs.clearCookies();
  await signInWithPassword(them, member);
  await expect(them).toHaveURL(/\/account\?tab=security$/);
  await expect(banner).toContainText('it opens within 10 minutes, or at once when you sign in to it again');
  // Here the banner says why, with no link to the page it is on.
  await expect(banner.getByRole('link')).toHaveCount(0);

  // There they turn one on.
  const card = them.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await card.locator('code').textContent())?.trim() ?? '';
  await card.getByLabel('Code from the app').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByLabel('I have saved my recovery codes').check();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(toastTitled(them, 'Two-factor sign-in is on')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // In at once.
  await them.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open ChairNotes' }).click();
  await expect(them).toHaveURL(NOTE_APP_URL);
  await them.getByRole('link', { name: 'Check my access again' }).click();
  await noteAppSays(them, member.username, 'yes');
  await expect(them.getByRole('alert')).toHaveCount(0);

  // The owner's review shows the member protected, and signed in to the note app today.
  await page.reload();
  await expect(memberRow).toContainText('On');
  await theirs.close();
});

test('the owner reads the practice terms and accepts them', async ({ page }) => {
  await practiceOwner(page);
  const terms = page.getByRole('region', { name: 'Practice terms' });
  await expect(terms).toContainText(
    'The practice terms have not been accepted yet. Please read them and accept them.',
  );
  await expect(terms).toContainText('This is a sample.');
  // The operator's Markdown is formatted, not shown as its source; its headings sit under the card's.
  await expect(terms.getByRole('heading', { level: 3, name: 'Practice terms (sample)' })).toBeVisible();
  await expect(terms.getByRole('heading', { level: 4, name: "2. The practice's duties" })).toBeVisible();
  await expect(terms).not.toContainText('## ');
  await expect(terms.getByText('This is a sample.', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expectNoAxeViolations(page);
  await terms.getByRole('button', { name: 'Accept the practice terms' }).click();
  await expect(toastTitled(page, 'Practice terms accepted')).toBeVisible();
  await expect(terms).toContainText(/^Practice terms.*Accepted by /);
  // The keyboard's place is where the button was, not back at the top of the page.
  await expect(terms.getByText(/^Accepted by /)).toBeFocused();
  await expect(terms.getByRole('button', { name: 'Accept the practice terms' })).toHaveCount(0);
});

test('the policy form says what is wrong with a session length, and keeps what was saved', async ({
  page,
}) => {
  await practiceOwner(page);
  const policy = page.getByRole('region', { name: 'Sign-in policy' });
  await policy.getByRole('radio', { name: 'At most', exact: true }).check();
  const hours = policy.getByLabel('Session length in hours');
  await hours.fill('0');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(
    policy.getByText('Session length must be between 1 and 720 hours', { exact: true }),
  ).toBeVisible();
  await expect(hours).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await hours.fill('2.5');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(
    policy.getByText('Session length must be a whole number of hours, between 1 and 720', { exact: true }),
  ).toBeVisible();
  // The box is as wide as a few digits, beside its label and unit, not across the card.
  expect((await hours.boundingBox())?.width).toBeLessThan(120);

  await hours.fill('8');
  await policy.getByLabel("Keep a consultation's audio and drafts for").selectOption({ label: '7 days' });
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Sign-in policy saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(policy.getByLabel('Session length in hours')).toHaveValue('8');
  await expect(policy.getByLabel("Keep a consultation's audio and drafts for")).toHaveValue('7');

  // The monthly review mail's link opens the page at the review, drawn after the page's data arrives.
  await page.goto('/practice#access-review');
  await expect(page.getByRole('region', { name: 'Access review' }).getByRole('heading')).toBeInViewport();
});
