import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SecurityOverview } from '../../src/shared/schemas/security';
import { APP_URL, client, createTestApp, signedInUser } from '../support/app';
import { softwarePasskey, USER_PRESENT_ONLY } from '../support/passkey-authenticator';
import { proofGoesStale, REAUTH } from '../support/recent-auth';
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

async function addPasskey(c: Client, authenticator: Authenticator, name = 'My laptop') {
  const options = await c.post('/api/user/passkeys/registration-options');
  expect(options.statusCode).toBe(200);
  return c.post('/api/user/passkeys/registration', {
    name,
    response: authenticator.register(options.json()),
  });
}

/** A user with one passkey. */
async function userWithPasskey(opts: { counting?: boolean } = {}) {
  const u = await signedInUser(t.app);
  const authenticator = softwarePasskey({ origin: APP_URL, ...opts });
  const added = await addPasskey(u.client, authenticator);
  expect(added.statusCode, added.body).toBe(201);
  return { ...u, authenticator, passkey: added.json() as { id: number; name: string } };
}

/** A visitor's sign-in: options, then the authenticator's answer. */
async function signInWith(authenticator: Authenticator, c = client(t.app), how = {}) {
  const options = await c.post('/api/login/passkey/options');
  expect(options.statusCode).toBe(200);
  const assertion = authenticator.assert(options.json(), how);
  return { c, res: await c.post('/api/login/passkey', { response: assertion }), assertion };
}

const eventTypes = async (c: Client) =>
  ((await c.get('/api/user/security')).json() as SecurityOverview).events.map((e) => e.type);

describe('adding a passkey', () => {
  it('keeps it under its name, lists it, records it and tells the owner by mail', async () => {
    const u = await signedInUser(t.app);
    const authenticator = softwarePasskey({ origin: APP_URL });
    const res = await addPasskey(u.client, authenticator, '  Work phone ');
    expect(res.statusCode).toBe(201);
    const { recoveryCodes, ...passkey } = res.json();
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: 'Work phone',
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: null,
    });
    // The first second factor comes with the recovery codes (below, 'recovery codes with a passkey').
    expect(recoveryCodes).toHaveLength(10);

    const list = await u.client.get('/api/user/passkeys');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([passkey]);
    // Neither the key nor the credential id leaves the server.
    expect(list.body).not.toContain(authenticator.id);

    expect(await eventTypes(u.client)).toContain('passkey_added');
    const mail = await smtp.waitFor(u.email, 'A passkey was added to your ChairNotes account');
    expect(mail.text).toContain('"Work phone"');
  });

  it('offers options for a discoverable, user-verified passkey, excluding the ones already added', async () => {
    const u = await userWithPasskey();
    const options = (await u.client.post('/api/user/passkeys/registration-options')).json();
    expect(options.rp).toEqual({ id: 'localhost', name: 'ChairNotes' });
    expect(options.user.name).toBe(u.username);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([u.authenticator.id]);
  });

  it('refuses an answer to no challenge, to an old one, or from another site, and keeps nothing', async () => {
    const u = await signedInUser(t.app);
    const authenticator = softwarePasskey({ origin: APP_URL });
    const fakeOptions = { rp: { id: 'localhost' }, user: { id: 'AAAA' }, challenge: 'bm90LWdpdmVu' };
    const none = await u.client.post('/api/user/passkeys/registration', {
      name: 'Laptop',
      response: authenticator.register(fakeOptions),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/try adding the passkey again/);

    // Each challenge is answered once: the same answer again finds none.
    const options = (await u.client.post('/api/user/passkeys/registration-options')).json();
    const answer = authenticator.register(options);
    expect(
      (await u.client.post('/api/user/passkeys/registration', { name: 'Laptop', response: answer }))
        .statusCode,
    ).toBe(201);
    const again = await u.client.post('/api/user/passkeys/registration', {
      name: 'Laptop',
      response: answer,
    });
    expect(again.statusCode).toBe(400);

    const phishing = softwarePasskey({ origin: 'https://chairnotes.example.net' });
    const elsewhere = await addPasskey(u.client, phishing);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('That passkey could not be added. Please try again.');

    expect((await u.client.get('/api/user/passkeys')).json()).toHaveLength(1);
  });

  it("cannot finish with another user's challenge", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const options = (await a.client.post('/api/user/passkeys/registration-options')).json();
    const answer = softwarePasskey({ origin: APP_URL }).register(options);
    // B's request carries A's challenge cookie, as if it had been stolen.
    b.client.jar.set('cn_webauthn', a.client.jar.get('cn_webauthn')!);
    const res = await b.client.post('/api/user/passkeys/registration', { name: 'Stolen', response: answer });
    expect(res.statusCode).toBe(400);
    expect((await b.client.get('/api/user/passkeys')).json()).toEqual([]);
  });

  it('names the field when the name is missing, blank or longer than 60 characters', async () => {
    const u = await signedInUser(t.app);
    const authenticator = softwarePasskey({ origin: APP_URL });
    for (const [name, message] of [
      ['', 'name: Please give the passkey a name'],
      ['   ', 'name: Please give the passkey a name'],
      ['x'.repeat(61), 'name: Name must be at most 60 characters'],
      [undefined, 'name: Required'],
    ] as const) {
      const options = (await u.client.post('/api/user/passkeys/registration-options')).json();
      const res = await u.client.post('/api/user/passkeys/registration', {
        name,
        response: authenticator.register(options),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await addPasskey(u.client, authenticator, 'x'.repeat(60))).statusCode).toBe(201);
  });
});

describe('renaming and removing', () => {
  it('renames a passkey, with the same rules for the name', async () => {
    const u = await userWithPasskey();
    const res = await u.client.patch(`/api/user/passkeys/${u.passkey.id}`, { name: 'Old phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.passkey.id, name: 'Old phone' });
    const long = await u.client.patch(`/api/user/passkeys/${u.passkey.id}`, { name: 'y'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('name: Name must be at most 60 characters');
    expect((await u.client.get('/api/user/passkeys')).json()).toMatchObject([{ name: 'Old phone' }]);
  });

  it('removes a passkey: it is gone, recorded, mailed about, and no longer signs in', async () => {
    const u = await userWithPasskey();
    const res = await u.client.delete(`/api/user/passkeys/${u.passkey.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The passkey was removed.' });
    expect((await u.client.get('/api/user/passkeys')).json()).toEqual([]);
    expect(await eventTypes(u.client)).toContain('passkey_removed');
    const mail = await smtp.waitFor(u.email, 'A passkey was removed from your ChairNotes account');
    expect(mail.text).toContain('"My laptop"');

    const { res: signIn } = await signInWith(u.authenticator);
    expect(signIn.statusCode).toBe(401);
    expect((await u.client.delete(`/api/user/passkeys/${u.passkey.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's passkey, and leaves it alone", async () => {
    const owner = await userWithPasskey();
    const other = await signedInUser(t.app);
    const path = `/api/user/passkeys/${owner.passkey.id}`;
    for (const res of [
      await other.client.patch(path, { name: 'Mine now' }),
      await other.client.delete(path),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'You have no passkey with that id.' });
    }
    expect((await owner.client.get('/api/user/passkeys')).json()).toMatchObject([{ name: 'My laptop' }]);
    expect((await signInWith(owner.authenticator)).res.statusCode).toBe(200);
  });

  it('names the id when it is not one', async () => {
    const u = await signedInUser(t.app);
    const res = await u.client.delete('/api/user/passkeys/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id: Unknown passkey');
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no password: the user, a session, the use recorded', async () => {
    const u = await userWithPasskey();
    const visitor = client(t.app);
    const options = (await visitor.post('/api/login/passkey/options')).json();
    // Any passkey of this site may answer: the browser offers the person theirs.
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const res = await visitor.post('/api/login/passkey', { response: u.authenticator.assert(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, username: u.username });
    expect((await visitor.get('/api/user')).json()).toMatchObject({ id: u.id });

    const [listed] = (await visitor.get('/api/user/passkeys')).json();
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await eventTypes(visitor))[0]).toBe('sign_in');
  });

  it('refuses a replayed assertion, and a cloned key whose counter did not move on', async () => {
    const u = await userWithPasskey();
    const first = await signInWith(u.authenticator);
    expect(first.res.statusCode).toBe(200);

    // The same answer again, to a new challenge (or to none).
    const thief = client(t.app);
    await thief.post('/api/login/passkey/options');
    const replay = await thief.post('/api/login/passkey', { response: first.assertion });
    expect(replay.statusCode).toBe(401);
    expect((await client(t.app).post('/api/login/passkey', { response: first.assertion })).statusCode).toBe(
      400,
    );

    // A copy of the key signs a fresh challenge, but its counter is where the original's was.
    const { c, res } = await signInWith(u.authenticator, client(t.app), { sameCounter: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/not recognised/);
    expect((await c.get('/api/user')).statusCode).toBe(401);
    // The replay to a new challenge and the clone are failed sign-ins to the account (the replay to no
    // challenge got no further than that).
    expect((await eventTypes(u.client)).filter((e) => e === 'sign_in_failed')).toHaveLength(2);

    // The real key, moving on, still works.
    expect((await signInWith(u.authenticator)).res.statusCode).toBe(200);
  });

  it('signs in again and again with an authenticator that does not count', async () => {
    const u = await userWithPasskey({ counting: false });
    for (let i = 0; i < 2; i++) expect((await signInWith(u.authenticator)).res.statusCode).toBe(200);
  });

  it('refuses an answer to no challenge, from another site, without user verification, or by an unknown key', async () => {
    const u = await userWithPasskey();
    const noOptions = await client(t.app).post('/api/login/passkey', {
      response: u.authenticator.assert({ rpId: 'localhost', challenge: 'bm90LWdpdmVu' }),
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().message).toMatch(/took too long/);

    const phished = await signInWith(u.authenticator, client(t.app), {
      origin: 'https://chairnotes.example.net',
    });
    expect(phished.res.statusCode).toBe(401);
    const unverified = await signInWith(u.authenticator, client(t.app), { flags: USER_PRESENT_ONLY });
    expect(unverified.res.statusCode).toBe(401);
    const stranger = await signInWith(softwarePasskey({ origin: APP_URL }));
    expect(stranger.res.statusCode).toBe(401);
    for (const { c } of [phished, unverified, stranger])
      expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('does not take a registration challenge for a sign-in', async () => {
    const u = await userWithPasskey();
    const options = (await u.client.post('/api/user/passkeys/registration-options')).json();
    const res = await u.client.post('/api/login/passkey', {
      response: u.authenticator.assert({ rpId: 'localhost', challenge: options.challenge }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('is rate limited like the password sign-in', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const c = client(limited.app, '198.51.100.20');
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await c.post('/api/login/passkey/options')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('a passkey as the second factor', () => {
  it('after the password, only that account can answer with its passkey, and then the session opens', async () => {
    const u = await userWithPasskey();
    const status = (await u.client.get('/api/user/2fa')).json();
    expect(status).toMatchObject({ totp: false, passkeys: 1 });
    expect((await u.client.get('/api/user')).json().twoFactor).toBe(true);

    const c = client(t.app);
    const login = await c.post('/api/login', { username: u.username, password: u.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ twoFactorRequired: true, methods: ['recovery', 'passkey'] });
    expect((await c.get('/api/user')).statusCode).toBe(401);

    // Someone else's passkey cannot finish this person's sign-in.
    const other = await userWithPasskey();
    const options = await c.post('/api/login/passkey/options');
    expect(options.json().allowCredentials.map((a: { id: string }) => a.id)).toEqual([u.authenticator.id]);
    const stranger = await c.post('/api/login/passkey', {
      response: other.authenticator.assert(options.json()),
    });
    expect(stranger.statusCode).toBe(401);
    expect((await c.get('/api/user')).statusCode).toBe(401);

    const { res } = await signInWith(u.authenticator, c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: u.username, twoFactor: true });
    expect((await c.get('/api/user')).json().username).toBe(u.username);
    // The pending sign-in is used up: a second finish opens nothing more.
    expect((await c.post('/api/login/2fa', { code: '123456' })).statusCode).toBe(401);
  });

  it('removing one needs a recent proof, the last one or not (another factor left)', async () => {
    for (const secondFactorLeft of [false, true]) {
      const u = await userWithPasskey();
      if (secondFactorLeft)
        expect((await addPasskey(u.client, softwarePasskey({ origin: APP_URL }), 'Phone')).statusCode).toBe(
          201,
        );
      await proofGoesStale(t.db);
      const refused = await u.client.delete(`/api/user/passkeys/${u.passkey.id}`);
      expect(refused.statusCode, `another factor left: ${secondFactorLeft}`).toBe(403);
      expect(refused.json()).toEqual(REAUTH);
      expect((await u.client.get('/api/user/passkeys')).json()).toHaveLength(secondFactorLeft ? 2 : 1);
      expect((await u.client.post('/api/user/reauth', { password: u.password })).statusCode).toBe(200);
      expect((await u.client.delete(`/api/user/passkeys/${u.passkey.id}`)).statusCode).toBe(200);
    }
  });
});

describe('recovery codes with a passkey', () => {
  const status = async (c: Client) => (await c.get('/api/user/2fa')).json();
  const passwordStep = async (u: { username: string; password: string }) => {
    const c = client(t.app);
    const res = await c.post('/api/login', { username: u.username, password: u.password });
    return { c, res };
  };

  it('the first passkey comes with ten codes, shown once; a second brings none; the status counts them', async () => {
    const u = await signedInUser(t.app);
    const first = await addPasskey(u.client, softwarePasskey({ origin: APP_URL }), 'Laptop');
    const codes = first.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(await status(u.client)).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 1 });
    const mail = await smtp.waitFor(u.email, 'A passkey was added to your ChairNotes account');
    expect(mail.text).toContain('Keep the recovery codes you were shown somewhere safe');
    // Neither the list nor the second passkey shows them again.
    expect((await u.client.get('/api/user/passkeys')).body).not.toContain(codes[0]!);
    const second = await addPasskey(u.client, softwarePasskey({ origin: APP_URL }), 'Phone');
    expect(second.statusCode).toBe(201);
    expect(second.json()).not.toHaveProperty('recoveryCodes');
    expect(await status(u.client)).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 2 });
  });

  it('with the passkey lost, the password and a recovery code sign in elsewhere; the code works once', async () => {
    const u = await signedInUser(t.app);
    const codes = (await addPasskey(u.client, softwarePasskey({ origin: APP_URL }))).json()
      .recoveryCodes as string[];
    const { c, res } = await passwordStep(u);
    expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['recovery', 'passkey'] });
    const wrong = await c.post('/api/login/2fa', { code: 'AAAAA-AAAAA' });
    expect(wrong.statusCode).toBe(401);
    const signedIn = await c.post('/api/login/2fa', { code: codes[2]!.toLowerCase() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await c.get('/api/user')).json().username).toBe(u.username);
    expect(await eventTypes(c)).toContain('recovery_code_used');
    const mail = await smtp.waitFor(u.email, 'A recovery code was used on your ChairNotes account');
    expect(mail.text).toContain('9 unused codes remain');
    expect((await status(c)).recoveryCodesLeft).toBe(9);

    const again = await passwordStep(u);
    expect((await again.c.post('/api/login/2fa', { code: codes[2]! })).statusCode).toBe(401);
    expect((await again.c.get('/api/user')).statusCode).toBe(401);
  });

  it('the codes go with the last second factor, and stay while the app or another passkey remains', {
    timeout: 60_000,
  }, async () => {
    const u = await signedInUser(t.app);
    const laptop = (await addPasskey(u.client, softwarePasskey({ origin: APP_URL }), 'Laptop')).json();
    const phone = (await addPasskey(u.client, softwarePasskey({ origin: APP_URL }), 'Phone')).json();
    expect((await u.client.delete(`/api/user/passkeys/${laptop.id}`)).statusCode).toBe(200);
    expect(await status(u.client)).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 1 });

    expect((await u.client.delete(`/api/user/passkeys/${phone.id}`)).statusCode).toBe(200);
    expect(await status(u.client)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    const { res } = await passwordStep(u);
    expect(res.json()).toMatchObject({ username: u.username });

    // The app turned on later makes its own set; its passkey then brings none, and its removal keeps them.
    const app = await enrolTotp(u.client, '/api/user');
    const key = await addPasskey(u.client, softwarePasskey({ origin: APP_URL }), 'Key');
    expect(key.json()).not.toHaveProperty('recoveryCodes');
    expect((await u.client.delete(`/api/user/passkeys/${key.json().id}`)).statusCode).toBe(200);
    expect(await status(u.client)).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: 0 });
    expect(app.recoveryCodes).toHaveLength(10);
  });

  it('turning the app off while a passkey remains keeps two-factor sign-in on, with its codes, and says so', {
    timeout: 60_000,
  }, async () => {
    const u = await signedInUser(t.app);
    const app = await enrolTotp(u.client, '/api/user');
    expect((await addPasskey(u.client, softwarePasskey({ origin: APP_URL }))).statusCode).toBe(201);
    const off = await u.client.post('/api/user/2fa/totp/disable', { code: await app.code() });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      message:
        'The authenticator app is off. Two-factor sign-in stays on with your passkeys and recovery codes.',
    });
    expect(await status(u.client)).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 1 });
    const mail = await smtp.waitFor(
      u.email,
      'The authenticator app was turned off for your ChairNotes account',
    );
    expect(mail.text).toContain('Two-factor sign-in stays on with your passkeys');

    const { c, res } = await passwordStep(u);
    expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['recovery', 'passkey'] });
    expect((await c.post('/api/login/2fa', { code: app.recoveryCodes[0]! })).statusCode).toBe(200);
  });

  it('an account whose passkey came before its codes makes a set, after a recent proof', async () => {
    const u = await userWithPasskey();
    // A passkey added before codes came with one: none are kept.
    await t.db.execute(sql`delete from recovery_codes where user_id = ${u.id}`);
    expect(await status(u.client)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 1 });
    await proofGoesStale(t.db);
    const refused = await u.client.post('/api/user/2fa/recovery-codes');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REAUTH);
    expect((await u.client.post('/api/user/reauth', { password: u.password })).statusCode).toBe(200);
    const made = await u.client.post('/api/user/2fa/recovery-codes');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().recoveryCodes).toHaveLength(10);
    expect(await status(u.client)).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 1 });

    // With no second factor at all, there is nothing for codes to stand in for.
    const plain = await signedInUser(t.app);
    const none = await plain.client.post('/api/user/2fa/recovery-codes');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Two-factor sign-in is not on.' });
  });
});
