import {
  expect,
  expectNoAxeViolations,
  mailTo,
  registerViaApi,
  test,
  withVirtualAuthenticator,
} from '../fixtures';

// A passkey the person then loses (docs/decisions/102-recovery-codes-for-every-second-factor.md): once
// added, a sign-in with the password asks for it, so the first one comes with recovery codes; on another
// computer, without the passkey, the password and one of those codes sign the person in.

test('add a passkey and keep the codes; lose it; sign in elsewhere with the password and a recovery code', async ({
  page,
  browser,
}) => {
  // Two browsers, a passkey ceremony, two sign-in steps, two mails and axe on four screens.
  test.slow();
  await withVirtualAuthenticator(page);
  const user = await registerViaApi(page);
  await page.goto('/account?tab=security');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(twoFactor).toContainText('Two-factor sign-in is off.');
  // The card says what a passkey changes before it is added.
  await expect(passkeys).toContainText('signing in with your password asks for it too');

  await passkeys.getByLabel('Name for a new passkey').fill('Surgery phone');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const shown = passkeys.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = await shown.allInnerTexts();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('Surgery phone');
  // The account's two-factor card says the truth at once: on, by the passkey, with its codes.
  await expect(twoFactor).toContainText('Two-factor sign-in is on (passkey)');
  await expect(twoFactor).toContainText('10 recovery codes left.');
  await expectNoAxeViolations(page);
  // Not gone until the person says they kept them.
  await expect(passkeys.getByRole('button', { name: 'Done' })).toBeDisabled();
  await passkeys.getByLabel('I have saved my recovery codes').check();
  await passkeys.getByRole('button', { name: 'Done' }).click();
  await expect(passkeys.getByRole('heading', { name: 'Save your recovery codes' })).toHaveCount(0);
  await expect(passkeys.getByLabel('Name for a new passkey')).toBeVisible();
  expect((await mailTo(user.email, 'A passkey was added to your ChairNotes account')).text).toContain(
    'Keep the recovery codes you were shown somewhere safe',
  );

  // Another computer, with no passkey on it: the password, then the step offers a recovery code.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  try {
    await other.goto('/auth');
    const login = other.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill(user.password);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(login.getByText('Two-factor sign-in', { exact: true })).toBeVisible();
    await expect(login.getByRole('button', { name: 'Use your passkey' })).toBeVisible();
    await expectNoAxeViolations(other);
    await login.getByRole('button', { name: 'Use a recovery code' }).click();
    const field = login.getByLabel('Recovery code');
    await expect(field).toBeFocused();
    await field.fill('AAAAA-AAAAA');
    await login.getByRole('button', { name: 'Verify' }).click();
    await expect(other.getByText('That code is not right.', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(other);
    await field.fill(codes[0]!);
    await login.getByRole('button', { name: 'Verify' }).click();
    await expect(other.getByText(`Welcome back, ${user.username}!`, { exact: true })).toBeVisible();
    expect((await mailTo(user.email, 'A recovery code was used on your ChairNotes account')).text).toContain(
      '9 unused codes remain',
    );

    // The code is spent, and the Security tab counts what is left and offers a new set.
    await other.goto('/account?tab=security');
    const card = other.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card).toContainText('Two-factor sign-in is on (passkey)');
    await expect(card).toContainText('9 recovery codes left.');
    await expect(card.getByRole('button', { name: 'Make new recovery codes' })).toBeVisible();
    await expectNoAxeViolations(other);
  } finally {
    await elsewhere.close();
  }
});
