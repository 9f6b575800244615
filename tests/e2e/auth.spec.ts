import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN,
  adminCode,
  expect,
  expectNoAxeViolations,
  mailTo,
  NEW_ADMIN,
  registerViaApi,
  test,
  uniqueUser,
} from './fixtures';

/** Fills in and sends the Register tab of /auth; the tab's panel, to read what it says. */
async function registerInForm(page: Page, user: ReturnType<typeof uniqueUser>) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  return form;
}

test.describe('registration and sign-in', () => {
  test('a new dentist registers, lands on pricing, logs out and logs back in', async ({ page }) => {
    // Registration, pricing, a sign-out and a sign-in: four pages.
    test.slow();
    const user = uniqueUser();
    await registerInForm(page, user);

    await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
    await expect(page.getByText(`Welcome to ChairNotes, ${user.username}!`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);

    const avatar = page.getByRole('button', { name: 'My Account' });
    await expect(avatar).toHaveText(user.username.slice(0, 2).toUpperCase());
    await avatar.click();
    await expect(page.getByRole('menu')).toContainText(user.username);
    await expect(page.getByRole('menu')).toContainText(user.email);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill(user.password);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${user.username}!`, { exact: true })).toBeVisible();
    // A user on the free plan is shown the plans after sign-in.
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('validation messages appear on submit and clear as the user corrects the field', async ({ page }) => {
    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(login.getByText('Username is required')).toBeVisible();
    await expect(login.getByText('Password is required')).toBeVisible();
    await login.getByLabel('Username').fill('someone');
    await expect(login.getByText('Username is required')).toBeHidden();

    await login.getByRole('link', { name: 'Sign up now' }).click();
    const form = page.getByRole('tabpanel', { name: 'Register' });
    await form.getByLabel('Username').fill('ab');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(form.getByText('You must agree to the terms and conditions')).toBeVisible();
    await expect(form.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    await form.getByRole('button', { name: 'Sign in instead' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Login' })).toBeVisible();
  });

  test('a common password is refused under the field, with the server’s message', async ({ page }) => {
    // The registration form filled twice, axe on the refusal.
    test.slow();
    const user = uniqueUser();
    const form = await registerInForm(page, { ...user, password: 'password123' });
    const message = form.getByText('This password is too common. Please choose another.', { exact: true });
    await expect(message).toBeVisible();
    await expect(form.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Password')).toBeFocused();
    await expect(page.getByText('Registration failed', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    // A better one clears it and goes through.
    await form.getByLabel('Password').fill(user.password);
    await expect(message).toBeHidden();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  });

  test('a dentist signs in by typing their email where the form asks for a username or email', async ({
    page,
  }) => {
    // Longer than a username may be: before, the form answered 'Username must be at most 32 characters'.
    const base = uniqueUser();
    const user = await registerViaApi(page, { ...base, email: `practice.manager.${base.email}` });
    expect(user.email.length).toBeGreaterThan(32);
    await page.context().clearCookies();
    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username or email').fill(user.email.toUpperCase());
    await login.getByLabel('Password').fill(user.password);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${user.username}!`, { exact: true })).toBeVisible();
  });

  test('a wrong password shows "Login failed" with the server message', async ({ page }) => {
    const user = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill('not the password');
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid username or password', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("an invitation's link to the Register tab opens it with the email filled in", async ({ page }) => {
    // Its address loaded whole: the prerendered page (on Login) must hydrate without React's mismatch
    // error, which the fixture would find in the console.
    await page.goto('/auth?tab=register&email=new.dentist%40example.co.uk&redirect=%2Fpractice');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('tabpanel', { name: 'Register' });
    await expect(form.getByLabel('Email')).toHaveValue('new.dentist@example.co.uk');
  });

  test('a taken username shows "Registration failed" naming it', async ({ page }) => {
    const existing = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('tabpanel', { name: 'Register' });
    await form.getByLabel('Username').fill(existing.username);
    await form.getByLabel('Email').fill(uniqueUser().email);
    await form.getByLabel('Password').fill('long enough password');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Registration failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Username already exists', { exact: true })).toBeVisible();
  });
});

test.describe('redirects', () => {
  test('a signed-out visitor to a protected page is sent to sign in, then back', async ({ page }) => {
    const user = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto('/subscribe/pro');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fsubscribe%2Fpro$/);
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(user.username);
    await login.getByLabel('Password').fill(user.password);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/subscribe\/pro$/);
  });

  for (const path of ['/account', '/refer', '/subscribe/success']) {
    test(`${path} needs a session`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(path)}`);
    });
  }

  test('a signed-in visitor to /auth goes straight to the redirect target', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/auth?redirect=/account');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an outside redirect target is ignored', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/auth?redirect=//evil.example/x');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('/subscribe without a plan goes to pricing', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/subscribe');
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('an unknown page shows the 404 page in words, with the ways on, and the server says 404 too', async ({
    page,
  }) => {
    // (To a search engine or a link checker, a dead link is dead.)
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await expect(page.getByText('We could not find a page at this address.', { exact: false })).toBeVisible();
    await expect(page.getByText(/router/)).toHaveCount(0);
    const waysOn = page.getByRole('navigation', { name: 'Ways on' });
    await expect(waysOn.getByRole('link')).toHaveText(['Go back home', 'See pricing', 'Your account']);
    await waysOn.getByRole('link', { name: 'See pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test('forgot password: the mailed link sets a new password that then signs in', async ({ page }) => {
  // A reset asked for, its mail, a new password, and a sign-in with it.
  test.slow();
  const user = await registerViaApi(page);
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: /reset link|send/i }).click();
  await expect(page.getByText(/If an account uses that email/)).toBeVisible();

  const mail = await mailTo(user.email, 'Reset');
  expect(mail.subject).toBe('Reset your ChairNotes password');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)![0];
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a fresh password');
  await page.getByLabel('Confirm password').fill('a fresh password');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByText(/password has been reset/i)).toBeVisible();

  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(user.username);
  await login.getByLabel('Password').fill('a fresh password');
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another password');
  await page.getByLabel('Confirm password').fill('another password');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(
    page.getByText('This reset link is invalid or has expired. Please request a new one.', {
      exact: true,
    }),
  ).toBeVisible();
});

test.describe('admin area', () => {
  test('admin pages send a visitor to the admin login and render nothing of the shell', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\?redirect=%2Fadmin%2Fusers$/);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  });

  test('a user session does not open the admin area', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\?redirect=%2Fadmin%2Fdashboard$/);
  });

  test('admin login validates, refuses bad credentials, signs in to the redirect and logs out', async ({
    page,
  }) => {
    await page.goto('/admin?redirect=/admin/users');
    const form = page.getByRole('main');
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(form.getByText('Username is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();

    await form.getByLabel('Username').fill(ADMIN.username);
    await form.getByLabel('Password').fill('wrong password');
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Admin login failed', { exact: true })).toBeVisible();

    await form.getByLabel('Password').fill(ADMIN.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Every admin has a second factor: the code from the authenticator app (global-setup.ts enrolled it).
    // The next step's code: the one of this step may be spent already.
    await form.getByLabel('Authentication code').fill(adminCode(1));
    await form.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Admin login successful', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [name, title] of [
      ['Dashboard', 'Dashboard'],
      ['Subscriptions', 'Subscriptions'],
      ['Newsletter', 'Newsletter'],
      ['Referrals', 'Referrals'],
    ]) {
      await nav.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/');

    // The admin session does not sign the browser in as a user.
    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(401);

    await page.getByRole('button', { name: 'Admin menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(
      page.getByText('You have been logged out of the admin panel', { exact: true }),
    ).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\?redirect=%2Fadmin%2Fdashboard$/);
  });

  test('an admin without a second factor sets one up before any admin page, then gets in', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/admin?redirect=/admin/users');
    const form = page.getByRole('main');
    await form.getByLabel('Username').fill(NEW_ADMIN.username);
    await form.getByLabel('Password').fill(NEW_ADMIN.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    // The server opens nothing of the admin area before then.
    const users = await page.request.get('/api/admin/users');
    expect(users.status()).toBe(403);
    expect(await users.json()).toMatchObject({ enrolmentRequired: true });

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: /^QR code/ })).toBeVisible();
    const secret = (await page.locator('main code').textContent())?.trim() ?? '';
    await expectNoAxeViolations(page);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel('Code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByLabel('I have saved my recovery codes').check();
    await page.getByRole('button', { name: 'Continue to the admin area' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect((await page.request.get('/api/admin/users')).status()).toBe(200);
  });
});
