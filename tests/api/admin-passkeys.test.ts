/**
 * Admins' passkeys (issue 14, docs/architecture.md#safety and docs/architecture.md#identity): an admin may enrol a passkey instead of an
 * authenticator app, and it then finishes their sign-in after the password. Only that admin's passkey
 * does: not another admin's, not a user's; and an admin's passkey signs nobody in on its own. The
 * server's WebAuthn checks run for real against a software authenticator.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminsRepo } from '../../src/server/auth/admins-repo';
import { hashPassword } from '../../src/server/auth/password';
import { APP_URL, client, createTestApp, signedInUser } from '../support/app';
import { softwarePasskey } from '../support/passkey-authenticator';
import { startSmtpCatcher } from '../support/smtp';
import { enrolTotp } from '../support/two-factor';

const smtp = await startSmtpCatcher();
const t = await createTestApp({ SMTP_URL: smtp.url });
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Client = ReturnType<typeof client>;
type Authenticator = ReturnType<typeof softwarePasskey>;

let counter = 0;
/** A new admin with no second factor, signed in with the password (a session not yet enrolled). */
async function unenrolledAdmin() {
  counter++;
  const who = {
    username: `keyboss${Date.now().toString(36)}${counter}`,
    email: `keyboss${Date.now().toString(36)}${counter}@example.com`,
    password: 'admin passkey secret',
  };
  const { admin } = await adminsRepo(t.db).upsert({ ...who, passwordHash: await hashPassword(who.password) });
  const c = client(t.app);
  const login = await c.post('/api/admin/login', { username: who.username, password: who.password });
  expect(login.json()).toMatchObject({ enrolmentRequired: true });
  return { ...who, id: admin.id, client: c };
}

async function addAdminPasskey(c: Client, authenticator: Authenticator, name = 'Office key') {
  const options = await c.post('/api/admin/passkeys/registration-options');
  expect(options.statusCode, options.body).toBe(200);
  return c.post('/api/admin/passkeys/registration', {
    name,
    response: authenticator.register(options.json()),
  });
}

/** An admin enrolled with a passkey (their first and only second factor). */
async function adminWithPasskey() {
  const a = await unenrolledAdmin();
  const authenticator = softwarePasskey({ origin: APP_URL });
  const added = await addAdminPasskey(a.client, authenticator);
  expect(added.statusCode, added.body).toBe(201);
  return { ...a, authenticator, recoveryCodes: added.json().recoveryCodes as string[] };
}

/** A new browser that typed the admin's right password: a pending sign-in waiting for its second factor. */
async function passwordStep(a: { username: string; password: string }) {
  const c = client(t.app);
  const step = await c.post('/api/admin/login', { username: a.username, password: a.password });
  expect(step.statusCode).toBe(200);
  return { c, step: step.json() };
}

async function adminEvents(adminId: number): Promise<string[]> {
  const rows = await t.db.execute<{ type: string }>(
    sql`select type from security_events where admin_id = ${adminId} order by id`,
  );
  return rows.rows.map((r) => r.type);
}

describe('an admin enrols a passkey', () => {
  it('opens the admin area in that session, is recorded, and mailed to the admin', async () => {
    const a = await unenrolledAdmin();
    expect((await a.client.get('/api/admin/stats')).statusCode).toBe(403);

    const added = await addAdminPasskey(a.client, softwarePasskey({ origin: APP_URL }), ' Office key ');
    expect(added.statusCode, added.body).toBe(201);
    const { recoveryCodes, ...passkey } = added.json();
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: 'Office key',
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: null,
    });
    // As with the app, the admin's first second factor comes with recovery codes, shown once.
    expect(recoveryCodes).toHaveLength(10);

    expect((await a.client.get('/api/admin/user')).json()).toMatchObject({ enrolmentRequired: false });
    expect((await a.client.get('/api/admin/stats')).statusCode).toBe(200);
    expect(await adminEvents(a.id)).toContain('passkey_added');
    const mail = await smtp.waitFor(a.email, 'A passkey was added to your ChairNotes admin account');
    expect(mail.text).toContain('"Office key"');
  });

  it('needs the options this browser was given: a user’s registration challenge does not do', async () => {
    const a = await unenrolledAdmin();
    const u = await signedInUser(t.app);
    const authenticator = softwarePasskey({ origin: APP_URL });
    const userOptions = await u.client.post('/api/user/passkeys/registration-options');
    // The admin's browser carries the user's ceremony cookie: the challenge is the user's, not theirs.
    a.client.jar.set('cn_webauthn', u.client.jar.get('cn_webauthn')!);
    const res = await a.client.post('/api/admin/passkeys/registration', {
      name: 'Stolen',
      response: authenticator.register(userOptions.json()),
    });
    expect(res.statusCode).toBe(400);
    expect((await a.client.get('/api/admin/stats')).statusCode).toBe(403);
  });

  it('a user cookie never reaches the admin passkey enrolment', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.post('/api/admin/passkeys/registration-options')).statusCode).toBe(401);
  });
});

describe('an admin signs in with the password, then the passkey', () => {
  it('with the passkey lost, signs in with the password and a recovery code, once', async () => {
    const a = await adminWithPasskey();
    const { c } = await passwordStep(a);
    const signedIn = await c.post('/api/admin/login/2fa', { code: a.recoveryCodes[0]! });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await c.get('/api/admin/stats')).statusCode).toBe(200);
    expect(await adminEvents(a.id)).toContain('recovery_code_used');
    const again = await passwordStep(a);
    expect((await again.c.post('/api/admin/login/2fa', { code: a.recoveryCodes[0]! })).statusCode).toBe(401);
  });

  it('is asked for the passkey, which finishes the sign-in once (a replay is refused)', async () => {
    const a = await adminWithPasskey();
    const { c, step } = await passwordStep(a);
    expect(step).toEqual({ twoFactorRequired: true, methods: ['recovery', 'passkey'] });
    expect((await c.get('/api/admin/stats')).statusCode).toBe(401);

    const options = await c.post('/api/admin/login/passkey/options');
    expect(options.statusCode).toBe(200);
    // Only this admin's passkey is asked for.
    expect(options.json().allowCredentials).toEqual([
      expect.objectContaining({ id: a.authenticator.id, type: 'public-key' }),
    ]);
    const assertion = a.authenticator.assert(options.json());
    const done = await c.post('/api/admin/login/passkey', { response: assertion });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ username: a.username, enrolmentRequired: false });
    expect((await c.get('/api/admin/stats')).statusCode).toBe(200);

    // The same assertion again, in a new pending sign-in: the counter did not move on.
    const again = await passwordStep(a);
    await again.c.post('/api/admin/login/passkey/options');
    const replay = await again.c.post('/api/admin/login/passkey', { response: assertion });
    expect(replay.statusCode).toBe(401);
    expect((await again.c.get('/api/admin/stats')).statusCode).toBe(401);
  });

  it('with an authenticator app too, both are offered', async () => {
    const a = await adminWithPasskey();
    await enrolTotp(a.client, '/api/admin');
    const { step } = await passwordStep(a);
    expect(step).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery', 'passkey'] });
  });

  it('another admin’s passkey cannot finish it, nor a user’s', async () => {
    const a = await adminWithPasskey();
    const other = await adminWithPasskey();
    const user = await signedInUser(t.app);
    const userKey = softwarePasskey({ origin: APP_URL });
    const userOptions = await user.client.post('/api/user/passkeys/registration-options');
    const added = await user.client.post('/api/user/passkeys/registration', {
      name: 'Phone',
      response: userKey.register(userOptions.json()),
    });
    expect(added.statusCode).toBe(201);

    const { c } = await passwordStep(a);
    for (const wrongKey of [other.authenticator, userKey]) {
      const options = await c.post('/api/admin/login/passkey/options');
      expect(options.statusCode).toBe(200);
      const res = await c.post('/api/admin/login/passkey', { response: wrongKey.assert(options.json()) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'That passkey was not recognised. Try another, or sign in with your password.',
      });
      expect((await c.get('/api/admin/stats')).statusCode).toBe(401);
    }
    // The right one still can: the pending sign-in was not used up by the refusals.
    const options = await c.post('/api/admin/login/passkey/options');
    const res = await c.post('/api/admin/login/passkey', {
      response: a.authenticator.assert(options.json()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: a.username });
  });

  it('with no pending sign-in there is nothing to finish', async () => {
    const a = await adminWithPasskey();
    const c = client(t.app);
    const options = await c.post('/api/admin/login/passkey/options');
    expect(options.statusCode).toBe(401);
    expect(options.json()).toEqual({ message: 'Your sign-in timed out. Please sign in again.' });
    // Options got as a visitor for a user's passwordless sign-in do not open the admin area either.
    const visitorOptions = await c.post('/api/login/passkey/options');
    const res = await c.post('/api/admin/login/passkey', {
      response: a.authenticator.assert(visitorOptions.json()),
    });
    expect(res.statusCode).toBe(401);
    expect((await c.get('/api/admin/stats')).statusCode).toBe(401);
  });

  it('an admin’s passkey signs nobody in as a user (a passwordless sign-in is users’ only)', async () => {
    const a = await adminWithPasskey();
    const c = client(t.app);
    const options = await c.post('/api/login/passkey/options');
    const res = await c.post('/api/login/passkey', { response: a.authenticator.assert(options.json()) });
    expect(res.statusCode).toBe(401);
    expect((await c.get('/api/user')).statusCode).toBe(401);
    expect((await c.get('/api/admin/stats')).statusCode).toBe(401);
  });
});
