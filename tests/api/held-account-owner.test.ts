// @module-tag database-differences: a moved process clock, which PGlite's clock follows and PostgreSQL's does not (vitest.config.ts).
/**
 * A stranger's wrong passwords must not keep the owner out (issue 27; docs/decisions/072-a-held-account-still-lets-its-owner-in.md).
 * Before, ten wrong passwords from one address held the account for everyone, and a stranger who kept
 * guessing kept the owner out: the right password with a code, a passkey after the password, and the
 * right password from the owner's own address were all refused with 429. Now a second factor still
 * finishes a sign-in, a passkey signs in, and after the account's short delay only the stranger's
 * address stays held; the stranger guesses no faster than before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_URL, client, createTestApp, signedInUser, type TestApp } from '../support/app';
import { softwarePasskey } from '../support/passkey-authenticator';
import { enrolledAdmin, enrolTotp } from '../support/two-factor';

let t: TestApp;
// The per-address limit (docs/decisions/004-login-rate-limit.md) is set out of the way: what is measured is the per-account throttle.
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '100000' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
const HELD = { message: 'Too many attempts. Please wait 1 minute and try again.' };
const WRONG_CODE = { message: 'That code is not right.' };
/** The stranger's own address, held on the account for the quarter hour after its last failure. */
const STRANGER_HELD = { message: 'Too many attempts. Please wait 15 minutes and try again.' };

let nextAddress = 0;
const freshAddress = () => `198.51.100.${++nextAddress}`;
const STRANGER = '203.0.113.66';

/** A stranger at `address` types ten wrong passwords for the account: each is answered 401. */
async function strangerGuesses(
  base: '/api/login' | '/api/admin/login',
  username: string,
  address = STRANGER,
) {
  const stranger = client(t.app, address);
  for (let i = 0; i < 10; i++) {
    const res = await stranger.post(base, { username, password: `guess ${i}` });
    expect(res.statusCode).toBe(401);
  }
  return stranger;
}

async function userWithTotp() {
  const u = await signedInUser(t.app);
  return { ...u, phone: await enrolTotp(u.client, '/api/user') };
}

/** A passkey added by the signed-in client `c` (`base`: '/api/user' or '/api/admin'). */
async function addPasskey(c: ReturnType<typeof client>, base: '/api/user' | '/api/admin') {
  const authenticator = softwarePasskey({ origin: APP_URL });
  const options = await c.post(`${base}/passkeys/registration-options`);
  const added = await c.post(`${base}/passkeys/registration`, {
    name: 'Surgery laptop',
    response: authenticator.register(options.json()),
  });
  expect(added.statusCode, added.body).toBe(201);
  return authenticator;
}

async function userWithPasskey() {
  const u = await signedInUser(t.app);
  return { ...u, authenticator: await addPasskey(u.client, '/api/user') };
}

describe('the owner gets in while a stranger holds the account', () => {
  it('with the right password and a code from the authenticator app, or a recovery code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await userWithTotp();
    const stranger = await strangerGuesses('/api/login', u.username);
    expect(
      (await stranger.post('/api/login', { username: u.username, password: 'guess 10' })).json(),
    ).toEqual(STRANGER_HELD);

    const owner = client(t.app, freshAddress());
    const step = await owner.post('/api/login', { username: u.username, password: u.password });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    const signedIn = await owner.post('/api/login/2fa', { code: await u.phone.code() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: u.username });
    expect((await owner.get('/api/user')).statusCode).toBe(200);

    const onPhone = client(t.app, freshAddress());
    await onPhone.post('/api/login', { username: u.username, password: u.password });
    expect((await onPhone.post('/api/login/2fa', { code: u.phone.recoveryCodes[0]! })).statusCode).toBe(200);

    // The owner's success lifts nothing for the stranger: still held, even with the right password.
    expect(
      (await stranger.post('/api/login', { username: u.username, password: u.password })).json(),
    ).toEqual(STRANGER_HELD);
  });

  it('with a passkey, on its own or after the password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await userWithPasskey();
    await strangerGuesses('/api/login', u.username);

    const visitor = client(t.app, freshAddress());
    const options = await visitor.post('/api/login/passkey/options');
    const alone = await visitor.post('/api/login/passkey', {
      response: u.authenticator.assert(options.json()),
    });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json()).toMatchObject({ username: u.username });

    const owner = client(t.app, freshAddress());
    const step = await owner.post('/api/login', { username: u.username, password: u.password });
    expect(step.json()).toEqual({ twoFactorRequired: true, methods: ['recovery', 'passkey'] });
    const named = await owner.post('/api/login/passkey/options');
    const finished = await owner.post('/api/login/passkey', {
      response: u.authenticator.assert(named.json()),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await owner.get('/api/user')).json()).toMatchObject({ username: u.username });
  });

  it('an admin with the right password and a code, as a user', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const who = { username: `heldboss${Date.now()}`, email: `heldboss${Date.now()}@example.com` };
    const boss = await enrolledAdmin(t, { ...who, password: 'held admin secret' });
    await strangerGuesses('/api/admin/login', who.username);
    const admin = client(t.app, freshAddress());
    const step = await admin.post('/api/admin/login', {
      username: who.username,
      password: 'held admin secret',
    });
    expect(step.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    const res = await admin.post('/api/admin/login/2fa', { code: await boss.totp.code() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
  });

  it('without a second factor: after the first minute from another address, while the stranger’s stays held', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app);
    const stranger = await strangerGuesses('/api/login', u.username);
    const owner = client(t.app, freshAddress());
    // The first minute holds the whole account: the owner cannot be told apart from a stranger yet.
    expect((await owner.post('/api/login', { username: u.username, password: u.password })).json()).toEqual(
      HELD,
    );

    later(MINUTE + 1000);
    const res = await owner.post('/api/login', { username: u.username, password: u.password });
    expect(res.statusCode, res.body).toBe(200);
    expect((await owner.get('/api/user')).json()).toMatchObject({ username: u.username });

    // The stranger's address waits out the quarter hour from its last failure, whatever it types.
    const stillHeld = await stranger.post('/api/login', { username: u.username, password: u.password });
    expect(stillHeld.statusCode).toBe(429);
    expect(stillHeld.json()).toEqual({ message: 'Too many attempts. Please wait 14 minutes and try again.' });
    later(14 * MINUTE);
    expect(
      (await stranger.post('/api/login', { username: u.username, password: 'guess 11' })).statusCode,
    ).toBe(401);
  });
});

describe('the stranger guesses no faster', () => {
  it('learns nothing from a password typed while the account is held: right or wrong, the answers match', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await userWithTotp();
    await strangerGuesses('/api/login', u.username);

    const wrong = client(t.app, freshAddress());
    const wrongStep = await wrong.post('/api/login', { username: u.username, password: 'a wrong guess' });
    const right = client(t.app, freshAddress());
    const rightStep = await right.post('/api/login', { username: u.username, password: u.password });
    expect([wrongStep.statusCode, wrongStep.json()]).toEqual([rightStep.statusCode, rightStep.json()]);

    // Its second step fails alike: a wrong password with the owner's own code opens nothing, and a
    // right password with a wrong code is answered the same.
    const withCode = await wrong.post('/api/login/2fa', { code: await u.phone.code() });
    const withWrongCode = await right.post('/api/login/2fa', { code: '000000' });
    expect([withCode.statusCode, withCode.json()]).toEqual([401, WRONG_CODE]);
    expect([withWrongCode.statusCode, withWrongCode.json()]).toEqual([401, WRONG_CODE]);
    expect((await wrong.get('/api/user')).statusCode).toBe(401);
    // The owner's recovery code was not spent by the stranger's attempt.
    expect((await u.client.get('/api/user/2fa')).json().recoveryCodesLeft).toBe(10);
  });

  it('an admin’s passkey does not finish a sign-in whose password was wrong', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const who = { username: `heldkey${Date.now()}`, email: `heldkey${Date.now()}@example.com` };
    const boss = await enrolledAdmin(t, { ...who, password: 'held admin secret' });
    const key = await addPasskey(boss.client, '/api/admin');
    await strangerGuesses('/api/admin/login', who.username);

    const c = client(t.app, freshAddress());
    expect(
      (await c.post('/api/admin/login', { username: who.username, password: 'wrong' })).json(),
    ).toMatchObject({
      twoFactorRequired: true,
    });
    const named = await c.post('/api/admin/login/passkey/options');
    const res = await c.post('/api/admin/login/passkey', { response: key.assert(named.json()) });
    expect(res.statusCode).toBe(401);
    expect((await c.get('/api/admin/user')).statusCode).toBe(401);
  });

  it('codes have their own count: ten wrong ones hold every code, from any address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await userWithTotp();
    // Someone who has the password: a right password does not clear the codes' count, as it did.
    for (let i = 0; i < 10; i++) {
      const c = client(t.app, freshAddress());
      await c.post('/api/login', { username: u.username, password: u.password });
      expect((await c.post('/api/login/2fa', { code: '000000' })).statusCode).toBe(401);
    }
    const owner = client(t.app, freshAddress());
    await owner.post('/api/login', { username: u.username, password: u.password });
    expect((await owner.post('/api/login/2fa', { code: await u.phone.code() })).json()).toEqual(HELD);
    later(MINUTE + 1000);
    expect((await owner.post('/api/login/2fa', { code: await u.phone.code() })).statusCode).toBe(200);
  });

  /** Tries a wrong password every 10 seconds for `minutes`: the minutes at which one was checked (401). */
  async function checkedGuesses(username: string, minutes: number, address: () => string) {
    const checked: number[] = [];
    for (let s = 0; s < minutes * 6; s++) {
      const res = await client(t.app, address()).post('/api/login', { username, password: `guess ${s}` });
      expect([401, 429]).toContain(res.statusCode);
      if (res.statusCode === 401) checked.push(s / 6);
      later(10_000);
    }
    return checked;
  }

  it('from one address: ten guesses, then that address waits out the quarter hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app);
    const checked = await checkedGuesses(u.username, 30, () => '203.0.113.77');
    // Never more than ten in a quarter hour, 20 in these 30 minutes, pausing or not. Measured on 045:
    // 14 in the first quarter hour to one who kept trying (17 in the 30 minutes), and 23 to one who
    // paused once for the count to be forgotten and then kept trying.
    const inAnyQuarterHour = Math.max(
      ...checked.map((m) => checked.filter((n) => n >= m && n < m + 15).length),
    );
    expect(inAnyQuarterHour).toBe(10);
    expect(checked).toHaveLength(20);
  });

  it('from a new address each time: the account’s schedule of docs/decisions/045-sign-in-throttle-per-account.md, unchanged', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const u = await signedInUser(t.app);
    // 10 at once, then one after each hold: 1, 2, 4, 5, 5, 5, 5 minutes (as measured on 045).
    expect(await checkedGuesses(u.username, 30, freshAddress)).toHaveLength(17);
  });
});
