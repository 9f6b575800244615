/**
 * The admin's read-only user detail (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md), reached from the users list, and two layout rules of
 * the admin area at every width: the list's action stays in view, the dashboard's charts inside their cards.
 */
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import type { AdminStats } from '../../src/shared/schemas/admin';
import {
  adminSessionCookies,
  atStripe,
  expect,
  expectNoAxeViolations,
  formatDate,
  registerViaApi,
  subscribeViaApi,
  test,
} from './fixtures';
import { invitationLink } from './practice-steps';

const WIDTHS = [360, 390, 768, 1280];

async function post(page: Page, path: string, data?: object) {
  const res = await page.request.post(path, { data, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test("a practice member's detail says access through the practice and who pays; the list links to it", async ({
  page,
  browser,
}) => {
  // An owner and a member made through the API (set-up), then the admin's pages.
  test.slow();
  const theirs = await browser.newContext();
  const ownerPage = await theirs.newPage();
  const owner = await registerViaApi(ownerPage);
  await subscribeViaApi(ownerPage, 'clinic');
  await atStripe(ownerPage, 'confirm-setup', owner.email);
  const practiceName = `${owner.username}'s practice`;
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await registerViaApi(memberPage);
  await post(ownerPage, '/api/practice/invitations', { email: member.email, role: 'clinician' });
  const token = new URLSearchParams((await invitationLink(member.email)).split('?')[1]).get('token');
  await post(memberPage, '/api/practice/join', { token });

  await page.context().addCookies(adminSessionCookies());
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(member.email);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: member.email });
  // Not 'Lite, Inactive': the practice's plan, through it.
  await expect(row).toContainText('Practice');
  await expect(row).toContainText(`through ${practiceName}`);
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name: member.username }).click();

  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: member.username })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Plan and who pays' });
  await expect(plan).toContainText(`Practice member, access through ${practiceName}`);
  await expect(plan.getByRole('link', { name: owner.username })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Verified');
  await expect(page.getByRole('region', { name: 'Second factor' })).toContainText('None');
  const practice = page.getByRole('region', { name: 'Practice' });
  await expect(practice).toContainText('Clinician');
  await expect(practice).toContainText('Practice, Active');
  await expect(page.getByRole('region', { name: 'Invoices' })).toContainText('No invoices.');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The one action: signing them out; the page then shows no device and the event.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: `Sign ${member.username} out everywhere?` });
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(devices).toContainText('No device is signed in.');
  await expect(page.getByRole('region', { name: 'Recent security events' })).toContainText(
    'All devices were signed out by ChairNotes support',
  );

  // The owner's page: their own subscription, paid by themselves, and Stripe's invoice of the trial.
  await plan.getByRole('link', { name: owner.username }).click();
  await expect(page.getByRole('heading', { level: 1, name: owner.username })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan and who pays' })).toContainText('Themselves');
  await expect(page.getByRole('region', { name: 'Invoices' }).getByRole('row')).not.toHaveCount(0);
  await expectNoAxeViolations(page);
  await theirs.close();
  await memberContext.close();
});

test("the admin reads a person's invoices as the person does: date, net, VAT, total, status in words", async ({
  page,
  browser,
}) => {
  // A subscriber whose first payment failed (set-up through the API and the fake Stripe), then the admin's page.
  test.slow();
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  const user = await registerViaApi(theirPage);
  await subscribeViaApi(theirPage, 'pro');
  await atStripe(theirPage, 'confirm-setup', user.email);
  await atStripe(theirPage, 'end-trial', user.email, { paymentFails: true });
  const invoices = await (await theirPage.request.get('/api/billing/invoices')).json();
  expect(invoices.map((i: { total: number; status: string }) => [i.total, i.status])).toEqual([
    [99.8, 'open'],
    [0, 'paid'],
  ]);
  const { id } = await (await theirPage.request.get('/api/user')).json();

  await page.context().addCookies(adminSessionCookies());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/users/${id}`);
    const table = page.getByRole('region', { name: 'Invoices' }).getByRole('table', { name: 'Invoices' });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3);
    if (width < 640) {
      // On a phone the status and VAT fold into the date and total, as in the billing history.
      await expect(rows.first().getByRole('columnheader', { name: 'Net' })).toBeHidden();
      await expect(rows.nth(1)).toContainText('Open — payment due');
      await expect(rows.nth(1)).toContainText('incl. £16.63 VAT');
      continue;
    }
    await expect(rows.first().getByRole('columnheader')).toHaveText([
      'Date',
      'Net',
      'VAT',
      'Total',
      'Status',
      'Receipt or invoice',
    ]);
    // The unpaid one is the person's to pay: the admin is offered the invoice, not 'Pay now'.
    await expect(rows.nth(1).getByRole('cell')).toHaveText(
      [formatDate(invoices[0].date), '£83.17', '£16.63', '£99.80', 'Open — payment due', /^Invoice/],
      { useInnerText: true },
    );
    await expect(rows.nth(2).getByRole('cell')).toHaveText(
      [formatDate(invoices[1].date), '£0.00', '£0.00', '£0.00', 'Paid', /^Invoice/],
      { useInnerText: true },
    );
    await expectNoAxeViolations(page);
  }
  await theirs.close();
});

test('an unknown user id says so', async ({ page, consoleErrors }) => {
  await page.context().addCookies(adminSessionCookies());
  await page.goto('/admin/users/987654321');
  await expect(page.getByRole('alert')).toHaveText('No user has that id.');
  await expect(page.getByRole('link', { name: 'All users' })).toBeVisible();
  // The 404 the page was answered is logged by Chromium as a failed load: expected here.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/404/.test(e)));
});

for (const width of WIDTHS) {
  test(`at ${width} px the users list keeps its action in view and the dashboard's charts stay in their cards`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // Someone in the list, whatever else the database holds.
    await registerViaApi(page);
    await page.context().addCookies(adminSessionCookies());
    await page.goto('/admin/users');
    const signOut = page.getByRole('button', { name: /^Sign .+ out everywhere$/ }).first();
    await expect(signOut).toBeInViewport({ ratio: 1 });
    // Scrolled to the far end and back, it is there too.
    const list = page.getByRole('region', { name: 'Users' }).last();
    await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(signOut).toBeInViewport({ ratio: 1 });

    // Every chart drawn, with some data whatever the shared database holds.
    await page.route('**/api/admin/stats', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as AdminStats;
      json.cancellationsByReason = { ...json.cancellationsByReason, too_expensive: 3, none: 12 };
      json.signupsByDay = json.signupsByDay.map((d, i) => ({ ...d, count: (i * 7) % 13 }));
      await route.fulfill({ response, json });
    });
    await page.goto('/admin/dashboard');
    const figures = page.getByRole('figure');
    await expect(figures).toHaveCount(4);
    // Each chart's every part within the chart's own box (so above its caption, not over it), and
    // within its card.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('figure')].flatMap((figure) => {
        const card = figure.closest('[role="region"]')!.getBoundingClientRect();
        const chart = figure.firstElementChild!;
        const frame = chart.getBoundingClientRect();
        const outside = (box: DOMRect, by: DOMRect) =>
          box.right > by.right + 1 ||
          box.left < by.left - 1 ||
          box.bottom > by.bottom + 1 ||
          box.top < by.top - 1;
        return [chart, ...chart.querySelectorAll('*')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && (outside(box, card) || outside(box, frame));
          })
          .map(
            (el) =>
              `${figure.closest('[role="region"]')!.querySelector('h2,h3')?.textContent}: <${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`,
          );
      }),
    );
    expect(overflowing, `outside their card at ${width} px`).toEqual([]);
  });
}
