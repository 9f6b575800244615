/**
 * Changing how an account signs in (issue 27's high and medium findings,
 * docs/decisions/068-second-factors-need-fresh-proof.md): adding, replacing or removing a second factor
 * needs a proof of who it is within 10 minutes, for users and admins alike; a first second factor ends
 * every other session of the account, and the person is told.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import { recoveryCodeHash, rehashLegacyRecoveryCodes } from '../../src/server/auth/recovery-codes';
import { sha256Hex } from '../../src/server/lib/tokens';
import type { SecurityOverview } from '../../src/shared/schemas/security';
import { APP_URL, client, createTestApp, signedInUser } from '../support/app';
import { softwarePasskey } from '../support/passkey-authenticator';
import { proofGoesStale, REAUTH } from '../support/recent-auth';
import { startSmtpCatcher } from '../support/smtp';
import { authenticator, enrolTotp } from '../support/two-factor';

const smtp = await startSmtpCatcher();
const t = await createTestApp({ SMTP_URL: smtp.url });
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Client = ReturnType<typeof client>;

/** Adds a passkey made by `passkey` through the two registration steps. */
async function addPasskey(
  c: Client,
  base: '/api/user' | '/api/admin',
  passkey = softwarePasskey({ origin: APP_URL }),
) {
  const options = await c.post(`${base}/passkeys/registration-options`);
  if (options.statusCode !== 200) return options;
  return c.post(`${base}/passkeys/registration`, {
    name: 'Laptop',
    response: passkey.register(options.json()),
  });
}

/** The same person signed in on another device (a password alone: they have no second factor yet). */
async function anotherDevice(u: { username: string; password: string }) {
  const c = client(t.app, '203.0.113.9', 'Other browser');
  const res = await c.post('/api/login', { username: u.username, password: u.password });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

describe('a user adding, replacing or removing a second factor', () => {
  it('an old session cannot add a passkey; after POST /api/user/reauth it can', async () => {
    const u = await signedInUser(t.app);
    const passkey = softwarePasskey({ origin: APP_URL });
    // The ceremony began within the window, finished after it: the finish asks again too.
    const options = await u.client.post('/api/user/passkeys/registration-options');
    expect(options.statusCode).toBe(200);
    await proofGoesStale(t.db, 'user', u.id);
    const late = await u.client.post('/api/user/passkeys/registration', {
      name: 'Laptop',
      response: passkey.register(options.json()),
    });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(REAUTH);
    const refused = await u.client.post('/api/user/passkeys/registration-options');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REAUTH);
    expect((await u.client.get('/api/user/passkeys')).json()).toEqual([]);

    expect((await u.client.post('/api/user/reauth', { password: u.password })).statusCode).toBe(200);
    const added = await addPasskey(u.client, '/api/user', passkey);
    expect(added.statusCode, added.body).toBe(201);
  });

  it('an old session cannot set up or turn on TOTP with its own secret; after the proof it can', {
    timeout: 90_000,
  }, async () => {
    const u = await signedInUser(t.app);
    const setup = await u.client.post('/api/user/2fa/totp/setup');
    expect(setup.statusCode).toBe(200);
    const phone = authenticator(setup.json().secret);
    await proofGoesStale(t.db, 'user', u.id);
    const enable = await u.client.post('/api/user/2fa/totp/enable', { code: await phone.code() });
    expect(enable.statusCode).toBe(403);
    expect(enable.json()).toEqual(REAUTH);
    const again = await u.client.post('/api/user/2fa/totp/setup');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(REAUTH);
    expect((await u.client.get('/api/user/2fa')).json()).toMatchObject({ totp: false });

    expect((await u.client.post('/api/user/reauth', { password: u.password })).statusCode).toBe(200);
    expect((await u.client.post('/api/user/2fa/totp/enable', { code: await phone.code() })).statusCode).toBe(
      200,
    );
    expect((await u.client.get('/api/user/2fa')).json()).toMatchObject({ totp: true });
  });

  it('an old session cannot remove a passkey, nor make new recovery codes, even with TOTP left', {
    timeout: 90_000,
  }, async () => {
    const u = await signedInUser(t.app);
    const phone = await enrolTotp(u.client, '/api/user');
    const added = await addPasskey(u.client, '/api/user');
    expect(added.statusCode, added.body).toBe(201);
    await proofGoesStale(t.db, 'user', u.id);
    const remove = await u.client.delete(`/api/user/passkeys/${added.json().id}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json()).toEqual(REAUTH);
    expect((await u.client.post('/api/user/2fa/recovery-codes')).json()).toEqual(REAUTH);
    expect((await u.client.get('/api/user/passkeys')).json()).toHaveLength(1);

    // A code proves it as well as the password.
    expect((await u.client.post('/api/user/reauth', { code: await phone.code() })).statusCode).toBe(200);
    expect((await u.client.delete(`/api/user/passkeys/${added.json().id}`)).statusCode).toBe(200);
    expect((await u.client.post('/api/user/2fa/recovery-codes')).statusCode).toBe(200);
  });
});

describe("a user's first second factor ends their other sessions", () => {
  const eventTypes = async (c: Client) =>
    ((await c.get('/api/user/security')).json() as SecurityOverview).events.map((e) => e.type);

  it('turning TOTP on signs out the other devices (not this one), says so by mail, and records it', {
    timeout: 90_000,
  }, async () => {
    const u = await signedInUser(t.app);
    const other = await anotherDevice(u);
    await enrolTotp(u.client, '/api/user');
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
    const mail = await smtp.waitFor(u.email, 'Two-factor sign-in was turned on for your ChairNotes account');
    expect(mail.text).toContain('Every other device that was signed in to your account has been signed out');
    expect(await eventTypes(u.client)).toContain('sessions_ended');
  });

  it('adding a first passkey signs out the other devices; a second factor added later ends none', async () => {
    const u = await signedInUser(t.app);
    const other = await anotherDevice(u);
    expect((await addPasskey(u.client, '/api/user')).statusCode).toBe(201);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await u.client.get('/api/user')).statusCode).toBe(200);
    const mail = await smtp.waitFor(u.email, 'A passkey was added to your ChairNotes account');
    expect(mail.text).toContain('Every other device that was signed in to your account has been signed out');

    // Signed in since with the passkey, a session that the next passkey leaves alone.
    const passkey = softwarePasskey({ origin: APP_URL });
    expect((await addPasskey(u.client, '/api/user', passkey)).statusCode).toBe(201);
    const later = client(t.app, '203.0.113.10', 'Later browser');
    const options = await later.post('/api/login/passkey/options');
    const signIn = await later.post('/api/login/passkey', { response: passkey.assert(options.json()) });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await addPasskey(u.client, '/api/user')).statusCode).toBe(201);
    expect((await later.get('/api/user')).statusCode).toBe(200);
  });
});

describe('admins', () => {
  let n = 0;
  async function passwordOnlyAdmin() {
    n += 1;
    const who = {
      username: `enrolboss${n}`,
      email: `enrolboss${n}@example.com`,
      password: 'enrol admin secret',
    };
    const { admin } = await adminsRepo(t.db).upsert({
      ...who,
      passwordHash: await hashPassword(who.password),
    });
    const signIn = async (ip: string) => {
      const c = client(t.app, ip);
      const res = await c.post('/api/admin/login', { username: who.username, password: who.password });
      expect(res.json()).toMatchObject({ enrolmentRequired: true });
      return c;
    };
    return { ...who, id: admin.id, signIn };
  }

  it('a session from before enrolment is ended by it, and cannot enrol a factor of its own', {
    timeout: 90_000,
  }, async () => {
    const admin = await passwordOnlyAdmin();
    const mine = await admin.signIn('198.51.100.1');
    const theirs = await admin.signIn('198.51.100.2');
    await enrolTotp(mine, '/api/admin');
    expect((await mine.get('/api/admin/stats')).statusCode).toBe(200);
    // The other session is gone: it can neither register a passkey nor reach the admin area.
    expect((await theirs.post('/api/admin/passkeys/registration-options')).statusCode).toBe(401);
    expect((await theirs.get('/api/admin/stats')).statusCode).toBe(401);
  });

  it('an old password-only session must prove it is the admin before enrolling (POST /api/admin/reauth)', async () => {
    const admin = await passwordOnlyAdmin();
    const c = await admin.signIn('198.51.100.3');
    await proofGoesStale(t.db, 'admin', admin.id);
    for (const url of ['/api/admin/2fa/totp/setup', '/api/admin/passkeys/registration-options']) {
      const refused = await c.post(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(REAUTH);
    }
    expect((await c.post('/api/admin/reauth', { password: 'not the password' })).statusCode).toBe(401);
    const proved = await c.post('/api/admin/reauth', { password: admin.password });
    expect(proved.statusCode).toBe(200);
    expect(proved.json()).toEqual({ message: 'Thank you. You can carry on.' });
    const added = await addPasskey(c, '/api/admin');
    expect(added.statusCode, added.body).toBe(201);
    expect((await c.get('/api/admin/stats')).statusCode).toBe(200);
  });

  it('the enrolment right after the password sign-in needs no other proof', async () => {
    const admin = await passwordOnlyAdmin();
    const c = await admin.signIn('198.51.100.4');
    expect((await addPasskey(c, '/api/admin')).statusCode).toBe(201);
    expect((await c.get('/api/admin/user')).json()).toMatchObject({ enrolmentRequired: false });
  });
});

describe('recovery codes at rest', () => {
  const storedCodes = async (userId: number) =>
    (
      await t.db.execute<{ code_hash: string }>(
        sql`select code_hash from recovery_codes where user_id = ${userId} order by id`,
      )
    ).rows.map((r) => r.code_hash);
  const bareSha256 = (code: string) => sha256Hex(code.replace('-', ''));

  it('are kept as an HMAC under SECRETS_KEY: a copy of the database alone cannot be searched for them', {
    timeout: 90_000,
  }, async () => {
    const u = await signedInUser(t.app);
    const { recoveryCodes } = await enrolTotp(u.client, '/api/user');
    const stored = await storedCodes(u.id);
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored).not.toContain(bareSha256(code));
    expect(stored).toEqual(recoveryCodes.map((code) => recoveryCodeHash(t.app.ctx.secretsKey, code)));
  });

  it('codes stored as bare SHA-256 before still work, and are re-keyed in place without the codes', {
    timeout: 90_000,
  }, async () => {
    const u = await signedInUser(t.app);
    const { recoveryCodes } = await enrolTotp(u.client, '/api/user');
    // As a database from before holds them.
    const [first, second, third] = recoveryCodes as [string, string, string];
    await t.db.execute(sql`delete from recovery_codes where user_id = ${u.id}`);
    for (const code of [first, second, third])
      await t.db.execute(
        sql`insert into recovery_codes (user_id, code_hash) values (${u.id}, ${bareSha256(code)})`,
      );
    const signIn = async (code: string) => {
      const c = client(t.app);
      await c.post('/api/login', { username: u.username, password: u.password });
      return (await c.post('/api/login/2fa', { code })).statusCode;
    };
    // Not yet re-keyed: the old form is still recognised.
    expect(await signIn(first)).toBe(200);
    expect(await rehashLegacyRecoveryCodes(t.db, t.app.ctx.secretsKey)).toBe(2);
    expect(await storedCodes(u.id)).toEqual(
      [second, third].map((code) => recoveryCodeHash(t.app.ctx.secretsKey, code)),
    );
    expect(await rehashLegacyRecoveryCodes(t.db, t.app.ctx.secretsKey)).toBe(0);
    expect(await signIn(second)).toBe(200);
    expect(await signIn(second)).toBe(401);
  });
});
