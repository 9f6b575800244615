import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/server/practices/membership';
import { practicesRepo } from '../../src/server/practices/practices-repo';
import { APP_URL, client, createTestApp, newUser, signedInUser } from '../support/app';
import {
  MICROSOFT_CLIENT,
  type MicrosoftPerson,
  type Mischief,
  microsoftPeople,
  signInAtMicrosoft,
  startMicrosoft,
} from '../support/microsoft';
import { softwarePasskey } from '../support/passkey-authenticator';
import { proofGoesStale } from '../support/recent-auth';
import { enrolTotp } from '../support/two-factor';

// Sign in with Microsoft over HTTP (docs/architecture.md#microsoft-sign-in,
// docs/decisions/094-sign-in-with-microsoft.md), against the stand-in Microsoft.
const microsoft = await startMicrosoft({ redirectUris: [`${APP_URL}/api/auth/microsoft/callback`] });
const t = await createTestApp({
  MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
  MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
  MICROSOFT_LOGIN_URL: microsoft.url,
});
afterAll(async () => {
  await t.close();
  await microsoft.close();
});

type Browser = ReturnType<typeof client>;
const NHSMAIL = '3c0f7e43-0c1b-4a2e-9f55-00000000a11c';
/** A Microsoft account of its own, in the NHSmail tenant unless said. */
const person = microsoftPeople(NHSMAIL, 'clinician', 'nhs.net', { withEmail: true });

const atMicrosoft = (
  b: Browser,
  p: MicrosoftPerson,
  opts?: { intent?: 'sign-in' | 'link' | 'reauth'; mischief?: Mischief; returnTo?: string },
) => signInAtMicrosoft(b, microsoft, APP_URL, p, opts);

/** A registered user who linked `p` from the Security tab. */
async function linkedUser(p: MicrosoftPerson) {
  const user = await signedInUser(t.app);
  expect(await atMicrosoft(user.client, p, { intent: 'link' })).toBe('/account?tab=security&microsoft=done');
  const linked = await user.client.post('/api/user/microsoft');
  expect(linked.statusCode, linked.body).toBe(201);
  return user;
}

const amrOf = async (userId: number) =>
  (
    await t.db.execute<{ amr: string[] }>(
      sql`select amr from user_sessions where user_id = ${userId} order by created_at desc limit 1`,
    )
  ).rows[0]?.amr;

describe('linking a Microsoft account', () => {
  it('links it from the Security tab by tenant and object id, and shows it there', async () => {
    const p = person();
    const user = await linkedUser(p);
    const shown = await user.client.get('/api/user/microsoft');
    expect(shown.json()).toMatchObject({ account: { username: p.preferredUsername, tenant: NHSMAIL } });
    const events = await user.client.get('/api/user/security');
    expect(events.body).toContain('microsoft_linked');
  });

  it('asks for fresh proof before sending the person to Microsoft, and before linking', async () => {
    const user = await signedInUser(t.app);
    await proofGoesStale(t.db, 'user', user.id);
    const start = await user.client.post('/api/auth/microsoft/start', { intent: 'link' });
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({ reauthRequired: true });
    expect((await user.client.post('/api/user/microsoft')).statusCode).toBe(403);
  });

  it('refuses a Microsoft account already linked to someone else', async () => {
    const p = person();
    await linkedUser(p);
    const other = await signedInUser(t.app);
    await atMicrosoft(other.client, p, { intent: 'link' });
    const res = await other.client.post('/api/user/microsoft');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/linked to another ChairNotes account/);
  });

  it('needs a user signed in, before anything else is looked at', async () => {
    const visitor = client(t.app);
    expect((await visitor.post('/api/auth/microsoft/start', { intent: 'link' })).statusCode).toBe(401);
    expect((await visitor.post('/api/user/microsoft')).statusCode).toBe(401);
    expect((await visitor.delete('/api/user/microsoft')).statusCode).toBe(401);
    expect((await visitor.get('/api/user/microsoft')).statusCode).toBe(401);
  });

  it('refuses a request from another site', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/microsoft/start',
      headers: { origin: 'https://evil.example' },
      cookies: Object.fromEntries(user.client.jar),
      payload: { intent: 'link' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('signing in with Microsoft', () => {
  it("signs a linked account in; Microsoft's second factor counts as the second factor", async () => {
    const p = person({ amr: ['pwd', 'mfa'] });
    const user = await linkedUser(p);
    await enrolTotp(user.client, '/api/user');
    const b = client(t.app);
    expect(await atMicrosoft(b, p)).toBe('/auth?microsoft=done');
    const res = await b.post('/api/auth/microsoft/sign-in');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username });
    expect((await b.get('/api/user')).json().id).toBe(user.id);
    expect(await amrOf(user.id)).toEqual(['fed', 'mfa']);
  });

  it("without Microsoft's second factor, asks an account with one for its own", async () => {
    const p = person({ amr: ['pwd'] });
    const user = await linkedUser(p);
    const totp = await enrolTotp(user.client, '/api/user');
    const b = client(t.app);
    await atMicrosoft(b, p);
    const res = await b.post('/api/auth/microsoft/sign-in');
    expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect((await b.get('/api/user')).statusCode).toBe(401);
    const done = await b.post('/api/login/2fa', { code: await totp.code() });
    expect(done.statusCode, done.body).toBe(200);
    expect(await amrOf(user.id)).toEqual(['fed', 'otp']);
  });

  it("without Microsoft's second factor, signs an account with none in on Microsoft alone", async () => {
    const p = person({ amr: ['pwd'] });
    const user = await linkedUser(p);
    const b = client(t.app);
    await atMicrosoft(b, p);
    expect((await b.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ id: user.id });
    expect(await amrOf(user.id)).toEqual(['fed']);
  });

  it('never matches an unlinked Microsoft account to an account by its email', async () => {
    const victim = await signedInUser(t.app, newUser());
    // A Microsoft account in a directory the attacker controls, naming the victim's email.
    const p = person({
      tid: '99999999-aaaa-4bbb-8ccc-000000000bad',
      email: victim.email,
      preferredUsername: victim.email,
    });
    const b = client(t.app);
    await atMicrosoft(b, p);
    const res = await b.post('/api/auth/microsoft/sign-in');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ microsoftUnlinked: true, username: victim.email });
    expect((await b.get('/api/user')).statusCode).toBe(401);
  });

  it('offers an unlinked Microsoft account to be linked after signing in with the password', async () => {
    const user = await signedInUser(t.app);
    const p = person();
    const b = client(t.app);
    await atMicrosoft(b, p);
    expect((await b.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ microsoftUnlinked: true });
    expect(
      (await b.post('/api/login', { username: user.username, password: user.password })).statusCode,
    ).toBe(200);
    expect((await b.post('/api/user/microsoft')).statusCode).toBe(201);
    const later = client(t.app);
    await atMicrosoft(later, p);
    expect((await later.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ id: user.id });
  });

  it.each(['iss', 'aud', 'nonce', 'signature'] as const)(
    'refuses an ID token with a wrong %s: back to /auth, signed in as nobody',
    async (mischief) => {
      const p = person();
      await linkedUser(p);
      const b = client(t.app);
      expect(await atMicrosoft(b, p, { mischief })).toBe('/auth?microsoft=failed');
      expect((await b.post('/api/auth/microsoft/sign-in')).statusCode).toBe(401);
      expect((await b.get('/api/user')).statusCode).toBe(401);
    },
  );

  it('answers a callback this browser did not start by sending it back to sign in', async () => {
    const res = await client(t.app).get('/api/auth/microsoft/callback?code=abc&state=def');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth?microsoft=expired');
  });

  it('comes back to where the person was going', async () => {
    const b = client(t.app);
    microsoft.signInAs(person());
    const start = await b.post('/api/auth/microsoft/start', {
      intent: 'sign-in',
      returnTo: '/subscribe/pro',
    });
    expect(start.statusCode).toBe(200);
    const refused = await b.post('/api/auth/microsoft/start', {
      intent: 'sign-in',
      returnTo: '//evil.example',
    });
    expect(refused.statusCode).toBe(400);
  });

  it("refuses a returnTo that a browser would read as another site's address, and never fails on one", async () => {
    const user = await linkedUser(person());
    // Browsers drop tabs and newlines from an address ('/\t/evil.example' is '//evil.example'), and read
    // a backslash as a slash; a newline cannot go in a Location header at all.
    for (const returnTo of ['/\t/evil.example', '/\n/x', '/\\evil.example']) {
      for (const intent of ['sign-in', 'reauth'] as const) {
        const start = await user.client.post('/api/auth/microsoft/start', { intent, returnTo });
        expect(start.statusCode, `${intent} ${JSON.stringify(returnTo)}: ${start.body}`).toBe(400);
        expect(start.json().message).toContain('A path of this site');
      }
    }
  });
});

describe('unlinking', () => {
  it('unlinks after fresh proof; Microsoft then signs nobody in', async () => {
    const p = person();
    const user = await linkedUser(p);
    await proofGoesStale(t.db, 'user', user.id);
    expect((await user.client.delete('/api/user/microsoft')).statusCode).toBe(403);
    await user.client.post('/api/user/reauth', { password: user.password });
    const res = await user.client.delete('/api/user/microsoft');
    expect(res.statusCode, res.body).toBe(200);
    expect((await user.client.get('/api/user/microsoft')).json()).toEqual({ account: null });
    const b = client(t.app);
    await atMicrosoft(b, p);
    expect((await b.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ microsoftUnlinked: true });
  });

  it('refuses when it is the only way left to sign in', async () => {
    const user = await linkedUser(person());
    await t.db.execute(sql`update users set password = '' where id = ${user.id}`);
    const res = await user.client.delete('/api/user/microsoft');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/only way you can sign in/);
  });
});

describe("'Confirm it's you' with Microsoft", () => {
  it('gives fresh proof with the linked account, and comes back to the page it was asked on', async () => {
    const p = person();
    const user = await linkedUser(p);
    await proofGoesStale(t.db, 'user', user.id);
    expect((await user.client.post('/api/user/passkeys/registration-options')).json()).toMatchObject({
      reauthRequired: true,
    });
    const start = await user.client.post('/api/auth/microsoft/start', { intent: 'reauth' });
    expect(start.statusCode, start.body).toBe(200);
    // Microsoft is asked to offer the linked account first.
    expect(new URL(start.json().url).searchParams.get('login_hint')).toBe(p.preferredUsername);
    expect(await atMicrosoft(user.client, p, { intent: 'reauth', returnTo: '/practice?tab=team' })).toBe(
      '/practice?tab=team&microsoft-reauth=done',
    );
    const confirmed = await user.client.post('/api/user/reauth/microsoft');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe("Confirmed: you won't be asked again for 10 minutes.");
    expect((await user.client.post('/api/user/passkeys/registration-options')).statusCode).toBe(200);
    // Once: the same sign-in does not confirm again.
    expect((await user.client.post('/api/user/reauth/microsoft')).statusCode).toBe(401);
  });

  it("refuses another Microsoft account, another person's sign-in, and a sign-in begun for something else", async () => {
    const p = person();
    const user = await linkedUser(p);
    await proofGoesStale(t.db, 'user', user.id);
    // Microsoft offers the linked account first; this is another of the same name (made again in the
    // organisation: a new object id).
    await atMicrosoft(user.client, person({ preferredUsername: p.preferredUsername }), { intent: 'reauth' });
    const other = await user.client.post('/api/user/reauth/microsoft');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/not the Microsoft account linked to yours/);
    await atMicrosoft(user.client, p);
    expect((await user.client.post('/api/user/reauth/microsoft')).statusCode).toBe(401);
    expect((await user.client.post('/api/user/passkeys/registration-options')).statusCode).toBe(403);
    // Nobody linked: nothing to confirm with.
    const unlinked = await signedInUser(t.app);
    expect((await unlinked.client.post('/api/auth/microsoft/start', { intent: 'reauth' })).statusCode).toBe(
      404,
    );
  });
});

describe('a Microsoft sign-in is used once (docs/decisions/105-a-microsoft-sign-in-is-used-once.md)', () => {
  const USED = 'That Microsoft sign-in has been used already. Please sign in with Microsoft again.';
  /** Another browser holding what `b` holds: its cookies, copied (a stolen or kept cookie). */
  const copyOf = (b: Browser) => {
    const copy = client(t.app, '127.0.0.2');
    for (const [name, value] of b.jar) copy.jar.set(name, value);
    return copy;
  };

  it('signs in once: a copy of the proof Microsoft gave is refused, saying so', async () => {
    const p = person();
    const user = await linkedUser(p);
    const b = client(t.app);
    await atMicrosoft(b, p);
    const copy = copyOf(b);
    expect((await b.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ id: user.id });
    const again = await copy.post('/api/auth/microsoft/sign-in');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: USED });
    expect((await copy.get('/api/user')).statusCode).toBe(401);
    // Two at once: one signs in.
    const c = client(t.app);
    await atMicrosoft(c, p);
    const answers = await Promise.all([
      c.post('/api/auth/microsoft/sign-in'),
      copyOf(c).post('/api/auth/microsoft/sign-in'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('confirms it is them once: a copy of the proof is refused, saying so', async () => {
    const p = person();
    const user = await linkedUser(p);
    await proofGoesStale(t.db, 'user', user.id);
    await atMicrosoft(user.client, p, { intent: 'reauth' });
    const copy = copyOf(user.client);
    expect((await user.client.post('/api/user/reauth/microsoft')).statusCode).toBe(200);
    await proofGoesStale(t.db, 'user', user.id);
    const again = await copy.post('/api/user/reauth/microsoft');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: USED });
    expect((await copy.post('/api/user/passkeys/registration-options')).json()).toMatchObject({
      reauthRequired: true,
    });
  });

  it('links once', async () => {
    const p = person();
    const user = await signedInUser(t.app);
    await atMicrosoft(user.client, p, { intent: 'link' });
    const copy = copyOf(user.client);
    expect((await user.client.post('/api/user/microsoft')).statusCode).toBe(201);
    expect((await user.client.delete('/api/user/microsoft')).statusCode).toBe(200);
    const again = await copy.post('/api/user/microsoft');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: USED });
    expect((await user.client.get('/api/user/microsoft')).json()).toEqual({ account: null });
  });
});

describe("a practice's rule: its team signs in with Microsoft of its tenant", () => {
  /** An owner linked to an NHSmail account, an admin and a clinician, in one practice. */
  async function practice() {
    const owner = await linkedUser(person());
    const practices = practicesRepo(t.db);
    const practiceId = (await practices.createForOwner(owner.id, `Smile Dental ${owner.id}`))!;
    const admin = await signedInUser(t.app);
    await practices.addMember(practiceId, admin.id, 'admin');
    const clinicianAccount = person();
    const clinician = await linkedUser(clinicianAccount);
    await practices.addMember(practiceId, clinician.id, 'clinician');
    return { owner, admin, clinician, clinicianAccount };
  }
  const requireMicrosoft = { microsoftTenant: NHSMAIL, requireMicrosoft: true };

  it("is the owner's to set, to their own tenant, and only with a tenant", async () => {
    const { owner, admin } = await practice();
    const byAdmin = await admin.client.patch('/api/practice/policy', requireMicrosoft);
    expect(byAdmin.statusCode).toBe(403);
    const other = await owner.client.patch('/api/practice/policy', {
      microsoftTenant: '0000aaaa-0000-4000-8000-00000000beef',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/Link your own Microsoft account/);
    const noTenant = await owner.client.patch('/api/practice/policy', { requireMicrosoft: true });
    expect(noTenant.statusCode).toBe(409);
    const saved = await owner.client.patch('/api/practice/policy', requireMicrosoft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(requireMicrosoft);
  });

  it('refuses members their password, saying how to sign in; a wrong password tells nothing', async () => {
    const { owner, admin } = await practice();
    await owner.client.patch('/api/practice/policy', requireMicrosoft);
    const b = client(t.app);
    const refused = await b.post('/api/login', { username: admin.username, password: admin.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ microsoftRequired: true });
    expect(refused.json().message).toMatch(/choose 'Sign in with Microsoft'/);
    expect((await b.get('/api/user')).statusCode).toBe(401);
    const wrong = await b.post('/api/login', { username: admin.username, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a member their passkey on its own too, saying how to sign in', async () => {
    const { owner, admin } = await practice();
    const authenticator = softwarePasskey({ origin: APP_URL });
    const options = await admin.client.post('/api/user/passkeys/registration-options');
    const added = await admin.client.post('/api/user/passkeys/registration', {
      name: 'Surgery PC',
      response: authenticator.register(options.json()),
    });
    expect(added.statusCode, added.body).toBe(201);
    await owner.client.patch('/api/practice/policy', requireMicrosoft);

    const b = client(t.app);
    const challenge = await b.post('/api/login/passkey/options');
    const refused = await b.post('/api/login/passkey', { response: authenticator.assert(challenge.json()) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ microsoftRequired: true });
    expect(refused.json().message).toMatch(/choose 'Sign in with Microsoft'/);
    expect((await b.get('/api/user')).statusCode).toBe(401);
  });

  it('lets a member who has not linked Microsoft yet link it: Microsoft first, then their password once', async () => {
    const { owner, admin } = await practice();
    await owner.client.patch('/api/practice/policy', requireMicrosoft);
    const told = await client(t.app).post('/api/login', {
      username: admin.username,
      password: admin.password,
    });
    expect(told.statusCode).toBe(403);
    expect(told.json().message).toMatch(
      /The first time, you then sign in once more here, with your password/,
    );

    // Their work account finds no ChairNotes account; the password then signs in, and the page links it.
    const theirs = person();
    const b = client(t.app);
    await atMicrosoft(b, theirs);
    expect((await b.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ microsoftUnlinked: true });
    const signedIn = await b.post('/api/login', { username: admin.username, password: admin.password });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await b.post('/api/user/microsoft')).statusCode).toBe(201);

    // From now on Microsoft signs them in, and their password alone does not, even beside another
    // unlinked account of the organisation.
    const later = client(t.app);
    await atMicrosoft(later, theirs);
    expect((await later.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ id: admin.id });
    const withAnother = client(t.app);
    await atMicrosoft(withAnother, person());
    await withAnother.post('/api/auth/microsoft/sign-in');
    const again = await withAnother.post('/api/login', {
      username: admin.username,
      password: admin.password,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).not.toMatch(/The first time/);
  });

  it('counts only an unlinked Microsoft account of its own organisation, and still asks the second factor', async () => {
    const { owner, admin } = await practice();
    const totp = await enrolTotp(admin.client, '/api/user');
    await owner.client.patch('/api/practice/policy', requireMicrosoft);
    const elsewhere = client(t.app);
    await atMicrosoft(elsewhere, person({ tid: '0000aaaa-0000-4000-8000-00000000beef' }));
    await elsewhere.post('/api/auth/microsoft/sign-in');
    const refused = await elsewhere.post('/api/login', {
      username: admin.username,
      password: admin.password,
    });
    expect(refused.statusCode).toBe(403);

    // Nor one that someone else linked meanwhile.
    const taken = client(t.app);
    const theirs = person();
    await atMicrosoft(taken, theirs);
    await taken.post('/api/auth/microsoft/sign-in');
    await linkedUser(theirs);
    expect(
      (await taken.post('/api/login', { username: admin.username, password: admin.password })).statusCode,
    ).toBe(403);

    const b = client(t.app);
    await atMicrosoft(b, person());
    await b.post('/api/auth/microsoft/sign-in');
    const asked = await b.post('/api/login', { username: admin.username, password: admin.password });
    expect(asked.json()).toMatchObject({ twoFactorRequired: true });
    expect((await b.post('/api/user/microsoft')).statusCode).toBe(401);
    const done = await b.post('/api/login/2fa', { code: await totp.code() });
    expect(done.statusCode, done.body).toBe(200);
    expect((await b.post('/api/user/microsoft')).statusCode).toBe(201);
  });

  it("signs members in with a Microsoft account of the practice's tenant, and no other", async () => {
    const { owner, clinician, clinicianAccount } = await practice();
    const elsewhere = person({ tid: '0000aaaa-0000-4000-8000-00000000beef' });
    // A second clinician of the practice, whose linked Microsoft account is of another organisation.
    const outsider = await linkedUser(elsewhere);
    await practicesRepo(t.db).addMember((await membershipOf(t.db, owner.id))!.id, outsider.id, 'clinician');
    await owner.client.patch('/api/practice/policy', requireMicrosoft);
    const b = client(t.app);
    await atMicrosoft(b, clinicianAccount);
    expect((await b.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ id: clinician.id });
    const o = client(t.app);
    await atMicrosoft(o, elsewhere);
    const refused = await o.post('/api/auth/microsoft/sign-in');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/another/);
    expect((await o.get('/api/user')).statusCode).toBe(401);
  });
});

describe('not configured', async () => {
  const off = await createTestApp();
  afterAll(() => off.close());

  it('offers no button, and its routes answer 404', async () => {
    expect((await off.app.inject({ url: '/api/config' })).json().microsoftSignIn).toBe(false);
    expect((await t.app.inject({ url: '/api/config' })).json().microsoftSignIn).toBe(true);
    const b = client(off.app);
    expect((await b.post('/api/auth/microsoft/start', { intent: 'sign-in' })).statusCode).toBe(404);
    expect((await b.post('/api/auth/microsoft/sign-in')).statusCode).toBe(404);
    expect((await b.get('/api/auth/microsoft/callback?code=a&state=b')).statusCode).toBe(404);
  });
});
