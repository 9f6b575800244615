/**
 * Two-factor sign-in (docs/architecture.md#safety and docs/architecture.md#identity): TOTP set up, turned on with a code computed here
 * from the secret (as a phone would), asked for at sign-in, refused when replayed, recovery codes used
 * once, wrong codes counted by the per-account throttle, and turned off with a code. Every change is a
 * security event and a mail.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SecurityOverview } from '../../src/shared/schemas/security';
import { client, createTestApp, signedInUser } from '../support/app';
import { startSmtpCatcher } from '../support/smtp';
import { authenticator, enrolTotp } from '../support/two-factor';

const smtp = await startSmtpCatcher();
const t = await createTestApp({ SMTP_URL: smtp.url });
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Caller = Awaited<ReturnType<typeof signedInUser>>;

const eventTypes = async (c: Caller['client']) =>
  ((await c.get('/api/user/security')).json() as SecurityOverview).events.map((e) => e.type);

/** A new browser that signs in with the password: the answer, and that client. */
async function passwordStep(u: Caller) {
  const c = client(t.app);
  const res = await c.post('/api/login', { username: u.username, password: u.password });
  return { c, res };
}

describe('TOTP for a user', () => {
  // Three codes from one phone: the third must wait for the clock's next 30-second step (each step is
  // accepted once), so the budget is two steps and the test's own work.
  it('sets up, turns on with a code, asks for a code at sign-in, and turns off with one', {
    timeout: 90_000,
  }, async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get('/api/user/2fa')).json()).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: 0,
    });

    // Setup: the secret as text, the URI, and the URI as a PNG picture.
    const first = (await u.client.post('/api/user/2fa/totp/setup')).json();
    const setup = (await u.client.post('/api/user/2fa/totp/setup')).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/ChairNotes:/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // A second setup replaces the first pending secret: the first one's codes do not turn it on.
    const stale = await u.client.post('/api/user/2fa/totp/enable', {
      code: await authenticator(first.secret).code(),
    });
    expect(stale.statusCode).toBe(400);

    const wrong = await u.client.post('/api/user/2fa/totp/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not right. Check the time on your phone and try again.');

    const phone = authenticator(setup.secret);
    const enabled = await u.client.post('/api/user/2fa/totp/enable', { code: await phone.code() });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect((await u.client.get('/api/user/2fa')).json()).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      passkeys: 0,
    });
    expect((await u.client.get('/api/user')).json().twoFactor).toBe(true);
    expect((await u.client.post('/api/user/2fa/totp/setup')).json()).toEqual({
      message: 'Two-factor sign-in is already on.',
    });
    await smtp.waitFor(u.email, 'Two-factor sign-in was turned on for your ChairNotes account');

    // Sign-in: the password alone opens no session; the code does.
    const { c, res } = await passwordStep(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(c.jar.has('cn_session')).toBe(false);
    expect(c.jar.has('cn_2fa')).toBe(true);
    expect((await c.get('/api/user')).statusCode).toBe(401);
    const bad = await c.post('/api/login/2fa', { code: '000000' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'That code is not right.' });
    const done = await c.post('/api/login/2fa', { code: await phone.code() });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: u.id, username: u.username, twoFactor: true });
    expect((await c.get('/api/user')).json().id).toBe(u.id);
    // The pending sign-in is used up: it cannot open a second session.
    expect((await c.post('/api/login/2fa', { code: '123456' })).json()).toEqual({
      message: 'Your sign-in timed out. Please sign in again.',
    });

    // Off, with a code (the code is the proof a sensitive action needs).
    expect((await c.post('/api/user/2fa/totp/disable', { code: '000000' })).statusCode).toBe(400);
    const off = await c.post('/api/user/2fa/totp/disable', { code: await phone.code() });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: 'Two-factor sign-in is off.' });
    expect((await c.get('/api/user/2fa')).json()).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    await smtp.waitFor(u.email, 'Two-factor sign-in was turned off for your ChairNotes account');
    const after = await passwordStep(u);
    expect(after.res.json()).toMatchObject({ id: u.id, twoFactor: false });
    expect(after.c.jar.has('cn_session')).toBe(true);

    expect(await eventTypes(c)).toEqual(
      expect.arrayContaining(['two_factor_enabled', 'two_factor_disabled', 'sign_in_failed']),
    );
  });

  it('accepts each code once: a replayed code is refused, at sign-in as everywhere', async () => {
    const u = await signedInUser(t.app);
    const phone = await enrolTotp(u.client, '/api/user');
    const { c } = await passwordStep(u);
    const code = await phone.code();
    expect((await c.post('/api/login/2fa', { code })).statusCode).toBe(200);
    const again = await passwordStep(u);
    const replay = await again.c.post('/api/login/2fa', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'That code is not right.' });
    // Nor the code that turned it on.
    expect((await again.c.post('/api/login/2fa', { code: phone.usedCode() })).statusCode).toBe(401);
    expect(again.c.jar.has('cn_session')).toBe(false);
  });

  it('takes a recovery code once, in any case and spacing, and says how many remain', async () => {
    const u = await signedInUser(t.app);
    const { recoveryCodes } = await enrolTotp(u.client, '/api/user');
    const code = recoveryCodes[3]!;
    const { c } = await passwordStep(u);
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    const res = await c.post('/api/login/2fa', { code: typed });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor(u.email, 'A recovery code was used on your ChairNotes account');
    expect(mail.text).toContain('9 unused codes remain');
    expect((await c.get('/api/user/2fa')).json().recoveryCodesLeft).toBe(9);
    expect(await eventTypes(c)).toContain('recovery_code_used');

    const again = await passwordStep(u);
    expect((await again.c.post('/api/login/2fa', { code })).statusCode).toBe(401);
    // Another code of the set still works.
    expect((await again.c.post('/api/login/2fa', { code: recoveryCodes[4]! })).statusCode).toBe(200);
  });

  it('counts wrong codes on the per-account throttle, as wrong passwords: 429 after the allowance', async () => {
    const u = await signedInUser(t.app);
    const phone = await enrolTotp(u.client, '/api/user');
    const { c } = await passwordStep(u);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await c.post('/api/login/2fa', { code: '000000' })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Even the right code waits now, from any address: the codes have their own count (docs/decisions/072-a-held-account-still-lets-its-owner-in.md).
    const right = await c.post('/api/login/2fa', { code: await phone.code() });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // The held account still takes a password for a sign-in a second factor finishes (a passkey
    // could), but no code finishes it until the codes' wait is over, a recovery code neither.
    const elsewhere = client(t.app, '10.9.8.7');
    const pw = await elsewhere.post('/api/login', { username: u.username, password: u.password });
    expect(pw.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    const recovery = await elsewhere.post('/api/login/2fa', { code: phone.recoveryCodes[0]! });
    expect(recovery.statusCode).toBe(429);
  });

  it('a pending sign-in times out: the code then opens nothing', async () => {
    const u = await signedInUser(t.app);
    const phone = await enrolTotp(u.client, '/api/user');
    const { c } = await passwordStep(u);
    await t.db.execute(sql`update login_challenges set expires_at = now() - interval '1 second'`);
    const res = await c.post('/api/login/2fa', { code: await phone.code() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your sign-in timed out. Please sign in again.' });
    expect(c.jar.has('cn_session')).toBe(false);
  });

  it('makes a new set of recovery codes: the old ones stop working', async () => {
    const u = await signedInUser(t.app);
    const { recoveryCodes: old } = await enrolTotp(u.client, '/api/user');
    const res = await u.client.post('/api/user/2fa/recovery-codes');
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    await smtp.waitFor(u.email, 'New recovery codes were made for your ChairNotes account');
    const { c } = await passwordStep(u);
    expect((await c.post('/api/login/2fa', { code: old[0]! })).statusCode).toBe(401);
    expect((await c.post('/api/login/2fa', { code: fresh[0]! })).statusCode).toBe(200);
  });
});

describe('secrets at rest', () => {
  it('keeps no TOTP secret the database alone could use, and no recovery code in clear', async () => {
    const u = await signedInUser(t.app);
    const { secret, recoveryCodes } = await enrolTotp(u.client, '/api/user');
    const rows = await t.db.execute<Record<string, unknown>>(
      sql`select t.*, (select json_agg(r.*) from recovery_codes r where r.user_id = ${u.id}) as codes
          from totp_credentials t where t.user_id = ${u.id}`,
    );
    const dump = JSON.stringify(rows.rows);
    expect(rows.rows).toHaveLength(1);
    expect(dump).not.toContain(secret);
    expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(dump).not.toContain(Buffer.from(secret).toString('base64'));
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    expect(String(rows.rows[0]!.secret)).toMatch(/^v1\./);
  });
});
