/**
 * Second factors in tests: codes computed from the secret the app handed out (as a phone would), and an
 * admin enrolled through the API, so admin tests meet the real enrolment gate.
 */
import { Secret, TOTP } from 'otpauth';
import { vi } from 'vitest';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import type { TestApp } from './app';
import { client } from './app';

const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * An authenticator app for `secret`. The server accepts each 30-second step once, within one step
 * either side; `code()` hands out a step not handed out before (now, then the next), and when both are
 * spent waits for the clock to reach a new one (the event, not a fixed time).
 */
export function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let lastStep = -1;
  return {
    secret,
    async code(): Promise<string> {
      if (lastStep >= stepNow() + 1) {
        const wanted = lastStep;
        await vi.waitFor(
          () => {
            if (stepNow() < wanted) throw new Error('waiting for the next 30-second step');
          },
          { timeout: 2 * PERIOD_MS + 5_000, interval: 250 },
        );
      }
      const step = Math.max(stepNow(), lastStep + 1);
      lastStep = step;
      return totp.generate({ timestamp: step * PERIOD_MS });
    },
    /** A code of a step already handed out (a replay). */
    usedCode: () => totp.generate({ timestamp: lastStep * PERIOD_MS }),
  };
}

type Client = ReturnType<typeof client>;

/** Turns TOTP on for the signed-in client (`base`: '/api/user' or '/api/admin'). */
export async function enrolTotp(c: Client, base: '/api/user' | '/api/admin') {
  const setup = await c.post(`${base}/2fa/totp/setup`);
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const app = authenticator(setup.json().secret as string);
  const enable = await c.post(`${base}/2fa/totp/enable`, { code: await app.code() });
  if (enable.statusCode !== 200) throw new Error(`enable: ${enable.statusCode} ${enable.body}`);
  return { ...app, recoveryCodes: enable.json().recoveryCodes as string[] };
}

/**
 * An admin who enrolled TOTP through the API (password, then setup and enable), with the client
 * holding that enrolled session and their authenticator.
 */
export async function enrolledAdmin(
  t: Pick<TestApp, 'app' | 'db'>,
  who: { username: string; email: string; password: string },
) {
  const { admin } = await adminsRepo(t.db).upsert({ ...who, passwordHash: await hashPassword(who.password) });
  const c = client(t.app);
  const login = await c.post('/api/admin/login', { username: who.username, password: who.password });
  if (login.statusCode !== 200) throw new Error(`admin login: ${login.statusCode} ${login.body}`);
  const totp = await enrolTotp(c, '/api/admin');
  return { admin, client: c, totp };
}
