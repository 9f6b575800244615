import { readFile } from 'node:fs/promises';
import { baseURL } from '../../playwright.config';
import {
  adminSessionCookies,
  expect,
  expectNoAxeViolations,
  registerViaApi,
  test,
  verifyViaApi,
} from './fixtures';
import { invitationLink, invite, practiceOwner, signInWithPassword } from './practice-steps';

// The practice's audit trail (docs/decisions/090-practice-and-admin-audit-trails.md): the owner opens it
// from the practice page, sees a member's sign-in with where it came from, and saves it as CSV.

test("the owner opens the audit trail, sees a member's sign-in, and downloads it as CSV", async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = await practiceOwner(page);
  // A member joins (through the API), then signs in on the sign-in page.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  const member = await registerViaApi(them);
  await verifyViaApi(them, member.email);
  await invite(page, member.email, 'Clinician');
  const token = new URLSearchParams((await invitationLink(member.email)).split('?')[1]).get('token');
  const joined = await them.request.post('/api/practice/join', {
    data: { token },
    headers: { origin: baseURL },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  await theirs.clearCookies();
  await signInWithPassword(them, member);
  await expect(them.getByText('Login successful', { exact: true })).toBeVisible();
  await theirs.close();

  // The owner reviews who has access, and says so: the review records when and by whom.
  await page.reload();
  const review = page.getByRole('region', { name: 'Access review' });
  await expect(review.getByRole('rowheader', { name: new RegExp(member.username) })).toBeVisible();
  await expect(review).toContainText('Not reviewed yet.');
  await review.getByRole('button', { name: 'Mark as reviewed' }).click();
  await expect(page.getByText('Access review recorded', { exact: true })).toBeVisible();
  await expect(review).toContainText(new RegExp(`Last reviewed on .+ by ${owner.username}\\.`));

  // The owner goes from the practice page to its audit trail.
  await page.getByRole('link', { name: /Audit trail/ }).click();
  await expect(page).toHaveURL(/\/practice\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const table = page.getByRole('table', { name: "The practice's audit trail" });
  const signIn = table
    .getByRole('row')
    .filter({ hasText: member.username })
    .filter({ has: page.getByRole('cell', { name: 'Signed in', exact: true }) });
  await expect(signIn).toHaveCount(1);
  await expect(signIn).toContainText('127.0.0.1');
  await expect(signIn).toContainText('Chrome');
  await expect(signIn.locator('time')).toHaveAttribute('datetime', /Z$/);
  await expect(
    table.getByRole('row').filter({ hasText: 'Invitation sent' }).filter({ hasText: member.email }),
  ).toContainText(owner.username);
  await expect(
    table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Access review completed' }) }),
  ).toContainText('2 members reviewed; 0 not seen for 90 days');
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^chairnotes-practice-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Time (UTC),Who,What,About,Detail,Address,Device,User agent');
  const row = lines.find((line) => line.includes(`,${member.username},Signed in,`));
  expect(row).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);
  expect(row).toContain(',127.0.0.1,');

  // On a phone the table scrolls inside its card, and can still be read from the keyboard.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoAxeViolations(page);
});

test('an admin finds their own views in the admin audit trail', async ({ page }) => {
  await page.context().addCookies(adminSessionCookies());
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'The admin audit trail' });
  await expect(
    table.getByRole('row').filter({ hasText: 'Viewed a list' }).filter({ hasText: 'users' }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('while the trail loads, placeholder rows stand in the table; an empty trail says so', async ({
  page,
}) => {
  await practiceOwner(page);
  // The trail's answer is held until the placeholders are seen, then answered empty.
  let answer = (_events: unknown[]) => {};
  const answered = new Promise<unknown[]>((resolve) => {
    answer = resolve;
  });
  await page.route(/\/api\/practice\/audit($|\?)/, async (route) =>
    route.fulfill({ json: { events: await answered, nextBefore: null } }),
  );
  await page.goto('/practice/audit');
  const table = page.getByRole('table', { name: "The practice's audit trail" });
  await expect(table.getByRole('status')).toHaveText('Loading the audit trail');
  await expect(table.getByRole('columnheader')).toHaveText(['Time (UTC)', 'Who', 'What', 'About', 'From']);
  await expectNoAxeViolations(page);
  answer([]);
  await expect(page.getByText('Nothing has happened in your practice yet.', { exact: true })).toBeVisible();
  await expect(table).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/practice/audit.csv',
  );
});
