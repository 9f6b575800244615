import type { Page } from '@playwright/test';
import { MICROSOFT_URL } from '../../playwright.config';
import { expect, expectNoAxeViolations, registerViaApi, test } from './fixtures';

/**
 * Sign in with Microsoft in a real browser (docs/architecture.md#microsoft-sign-in): the stand-in Microsoft
 * (tests/support/microsoft-server.ts) signs in whoever the test names, and sends the browser back.
 */
let people = 0;
const nhsmailAccount = () => {
  people++;
  const oid = `e2e-${Date.now().toString(36)}-${people}`;
  return {
    tid: '3c0f7e43-0c1b-4a2e-9f55-0000000000e2',
    oid,
    preferredUsername: `${oid}@nhs.net`,
    amr: ['pwd', 'mfa'],
  };
};

async function atMicrosoftSignInAs(page: Page, person: ReturnType<typeof nhsmailAccount>) {
  const res = await page.request.post(`${MICROSOFT_URL}/test/sign-in-as`, { data: { person } });
  expect(res.ok()).toBe(true);
}

test('a person links their NHSmail account in the Security tab, and unlinks it', async ({ page }) => {
  // Microsoft twice (link and unlink), each with the Security tab read again.
  test.slow();
  await registerViaApi(page);
  const account = nhsmailAccount();
  await atMicrosoftSignInAs(page, account);

  await page.goto('/account?tab=security');
  const card = page.getByRole('region', { name: 'Microsoft account' });
  await card.getByRole('button', { name: 'Link a Microsoft account' }).click();
  await expect(card.getByText(`Linked: ${account.preferredUsername}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/account?tab=security');
  await page
    .getByRole('region', { name: 'Microsoft account' })
    .getByRole('button', { name: 'Unlink Microsoft account' })
    .click();
  await expect(
    page
      .getByRole('region', { name: 'Microsoft account' })
      .getByRole('button', { name: 'Link a Microsoft account' }),
  ).toBeVisible();
});
