import type { Browser, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import {
  atStripe,
  expect,
  mailTo,
  registerViaApi,
  subscribeViaApi,
  test,
  type uniqueUser,
  verifyViaApi,
} from './fixtures';

// Steps the practice tests share (practice.spec.ts, practice-policy.spec.ts, practice-audit.spec.ts,
// journeys/practice-invite.spec.ts).

/** The path of the join link in the newest invitation mail to `email`. */
export async function invitationLink(email: string): Promise<string> {
  const mail = await mailTo(email, 'You are invited to join a practice');
  const url = new URL(/https?:\/\/\S+\/practice\/join\?token=\S+/.exec(mail.text)![0]);
  return `${url.pathname}${url.search}`;
}

/**
 * A signed-in owner of a practice whose trial runs (card saved), on /practice. A registration, a trial
 * at Stripe and the practice page are an ordinary test's work already: the test gets three times the time.
 */
export async function practiceOwner(page: Page) {
  test.slow();
  const owner = await registerViaApi(page);
  await subscribeViaApi(page, 'clinic');
  await atStripe(page, 'confirm-setup', owner.email);
  await page.goto('/practice');
  await expect(page.getByRole('heading', { level: 1, name: `${owner.username}'s practice` })).toBeVisible();
  return owner;
}

/** Invites `email` from the /practice page's form. */
export async function invite(page: Page, email: string, role: 'Admin' | 'Clinician') {
  const form = page.getByRole('region', { name: 'Invite a team member' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`, { exact: true })).toBeVisible();
}

/**
 * On the join page, signed out: 'Create an account' and the registration form. The page knows the invited
 * address only masked, so the person types it.
 */
export async function registerFromInvitation(page: Page, person: ReturnType<typeof uniqueUser>) {
  await page.getByRole('link', { name: 'Create an account' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await expect(form.getByLabel('Email')).toHaveValue('');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Create account' }).click();
}

/**
 * A second person, in a browser of their own, invited from the owner's /practice page as a clinician and
 * joined through the API: their page, their context (to close) and who they are.
 */
export async function joinedClinician(ownerPage: Page, browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await registerViaApi(page);
  await verifyViaApi(page, member.email);
  await invite(ownerPage, member.email, 'Clinician');
  const token = new URLSearchParams((await invitationLink(member.email)).split('?')[1]).get('token');
  const joined = await page.request.post('/api/practice/join', {
    data: { token },
    headers: { origin: baseURL },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { page, context, member };
}

/** Signs `user` in on the /auth page's Login tab with their password, as a person types it. */
export async function signInWithPassword(page: Page, user: { username: string; password: string }) {
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username or email').fill(user.username);
  await login.getByLabel('Password').fill(user.password);
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
}
