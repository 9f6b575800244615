import { defineConfig, devices } from '@playwright/test';
import { CHROME_ARGS } from './scripts/support.mjs';

// scripts/run-e2e.mjs builds the app, finds a browser and a fresh data directory, then runs this.
const port = Number(process.env.E2E_PORT ?? 5055);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 12111);
/** The fake Stripe's control server (tests/support/fake-stripe-server.ts): moves Stripe's clock. */
export const stripeControlURL = `http://127.0.0.1:${stripePort + 1}`;
export const baseURL = `http://localhost:${port}`;
const noteAppPort = Number(process.env.E2E_NOTE_APP_PORT ?? 5057);
/** The stand-in note app (tests/support/note-app-server.ts): signs people in with ChairNotes. */
export const NOTE_APP_URL = `http://localhost:${noteAppPort}/`;
const NOTE_APP_CLIENT = { id: 'note-app', secret: 'e2e-note-app-secret-of-at-least-32-chars' };
const microsoftPort = Number(process.env.E2E_MICROSOFT_PORT ?? 5058);
/** The stand-in Microsoft Entra ID (tests/support/microsoft-server.ts): POST /test/sign-in-as picks who signs in. */
export const MICROSOFT_URL = `http://127.0.0.1:${microsoftPort}`;
const MICROSOFT_CLIENT = {
  id: '11111111-2222-3333-4444-555555555555',
  secret: 'stand-in-microsoft-client-secret-32-chars',
};
const TEST_BUDGET_MS = 30_000;
/** The admins the e2e server starts with (see webServer below). */
export const E2E_ADMIN = {
  username: 'e2e-admin',
  email: 'admin@chairnotes.test',
  password: 'e2e admin password',
};
export const E2E_NEW_ADMIN = {
  username: 'e2e-new-admin',
  email: 'new-admin@chairnotes.test',
  password: 'new admin password 1',
};
/** Un-enrolled too, for the passkey enrolment test (passkeys.spec.ts): the enrolment test keeps E2E_NEW_ADMIN. */
export const E2E_PASSKEY_ADMIN = {
  username: 'e2e-passkey-admin',
  email: 'passkey-admin@chairnotes.test',
  password: 'passkey admin password 1',
};

export default defineConfig({
  testDir: 'tests/e2e',
  // After the servers start: the e2e admin enrols TOTP, as admins must (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // An ordinary test's budget: a page or two and a few requests. A test that does more says so with
  // test.slow() (three times this), and why.
  timeout: TEST_BUDGET_MS,
  // A wait for an event is bounded by its test's budget, not by a guess of its own: on a busy
  // machine one slow answer may take most of it.
  expect: { timeout: TEST_BUDGET_MS },
  reporter: [['list']],
  use: {
    baseURL,
    // CI keeps only the printed report, so a trace there costs time and shows nobody anything:
    // recording one took 40-70 % of a test's time (docs/decisions/097-browser-test-budgets.md).
    // Locally a failure's trace is kept, without the screencast, its dearest part.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROME_PATH || undefined,
      args: CHROME_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node .tmp/mail-catcher-server.mjs',
      port: smtpPort,
      env: { SMTP_PORT: String(smtpPort), MAIL_DIR: '.tmp/e2e-mail' },
      reuseExistingServer: false,
    },
    {
      command: 'node .tmp/fake-stripe-server.mjs',
      port: stripePort,
      env: {
        FAKE_STRIPE_PORT: String(stripePort),
        FAKE_STRIPE_CONTROL_PORT: String(stripePort + 1),
        WEBHOOK_URL: `${baseURL}/api/stripe/webhook`,
        WEBHOOK_SECRET: 'whsec_e2e',
      },
      reuseExistingServer: false,
    },
    {
      command: 'node .tmp/note-app-server.mjs',
      port: noteAppPort,
      env: {
        NOTE_APP_PORT: String(noteAppPort),
        NOTE_APP_ISSUER: `${baseURL}/oidc`,
        NOTE_APP_CLIENT_ID: NOTE_APP_CLIENT.id,
        NOTE_APP_CLIENT_SECRET: NOTE_APP_CLIENT.secret,
      },
      reuseExistingServer: false,
    },
    {
      command: 'node .tmp/microsoft-server.mjs',
      port: microsoftPort,
      env: {
        MICROSOFT_PORT: String(microsoftPort),
        MICROSOFT_REDIRECT_URIS: `${baseURL}/api/auth/microsoft/callback`,
      },
      reuseExistingServer: false,
    },
    {
      // Admins made as an operator makes them (npm run admin:create), before the server holds the data
      // directory: the e2e admin (enrolled by TOTP in global-setup.ts) and two who have not set up a
      // second factor yet, for the enrolment tests (an authenticator app; a passkey).
      command: [
        ...[E2E_ADMIN, E2E_NEW_ADMIN, E2E_PASSKEY_ADMIN].map(
          (a) =>
            `node dist/server/cli/admin-create.js --username ${a.username} --email ${a.email} --password '${a.password}'`,
        ),
        'node dist/server/main.js',
      ].join(' && '),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // Four Node start-ups, three Argon2 hashes and every migration on a fresh data directory: a minute
      // on a quiet two-core machine, up to three on a shared one five times slower.
      timeout: 180_000,
      env: {
        PORT: String(port),
        APP_URL: baseURL,
        DATA_DIR: '.tmp/e2e-data',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        NOTE_APP_URL,
        NOTE_APP_CLIENT_ID: NOTE_APP_CLIENT.id,
        NOTE_APP_CLIENT_SECRET: NOTE_APP_CLIENT.secret,
        NOTE_APP_REDIRECT_URIS: `${NOTE_APP_URL}callback`,
        NOTE_APP_POST_LOGOUT_REDIRECT_URIS: NOTE_APP_URL,
        NOTE_APP_BACKCHANNEL_LOGOUT_URI: `${NOTE_APP_URL}backchannel-logout`,
        MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
        MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
        MICROSOFT_LOGIN_URL: MICROSOFT_URL,
        LOGIN_RATE_LIMIT: '1000',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
        FORM_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        // As the build (scripts/run-e2e.mjs): the samples stand in for the operator's texts.
        SAMPLE_CONTENT: 'true',
        // Seals the two-factor secrets (required in production, which the server defaults to).
        SECRETS_KEY: 'ZTJlLXNlY3JldHMta2V5LTMyLWJ5dGVzLWxvbmchISE=',
      },
    },
  ],
});
