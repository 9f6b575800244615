/**
 * Before the browser tests: the e2e admin (made by the server from ADMIN_*) enrols TOTP through the
 * API, as an admin must before the admin area opens (docs/architecture.md#safety). The enrolled session's
 * cookies and the secret are kept in .tmp for the tests (fixtures.ts: adminSession, adminAuthenticator).
 * One session for all: the server accepts each 30-second code once, so the tests cannot each sign in
 * with a code of their own without waiting on the clock.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { baseURL } from '../../playwright.config';
import { cookieClient } from '../../scripts/support.mjs';
import { ADMIN, ADMIN_STATE_FILE } from './fixtures';

export default async function enrolAdmin() {
  const admin = cookieClient(baseURL);
  await admin.call('POST', '/api/admin/login', { username: ADMIN.username, password: ADMIN.password });
  const { secret } = (await admin.call('POST', '/api/admin/2fa/totp/setup')) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await admin.call('POST', '/api/admin/2fa/totp/enable', { code: totp.generate() });
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(ADMIN_STATE_FILE, JSON.stringify({ secret, cookies: admin.cookies() }));
}
