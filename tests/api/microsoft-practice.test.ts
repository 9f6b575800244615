import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { maskEmail } from '../../src/shared/mask-email';
import { APP_URL, client, signedInUser, stripeApp } from '../support/app';
import {
  MICROSOFT_CLIENT,
  type MicrosoftPerson,
  microsoftPeople,
  signInAtMicrosoft,
  startMicrosoft,
  throughMicrosoft,
} from '../support/microsoft';
import { proofGoesStale } from '../support/recent-auth';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';
import { enrolTotp } from '../support/two-factor';

// A practice and Sign in with Microsoft (docs/decisions/094-sign-in-with-microsoft.md): an invitation
// accepted by signing in with Microsoft of the practice's organisation, which registers the person
// without a password; against the stand-in Microsoft, the fake Stripe and a real SMTP catcher.
const smtp = await startSmtpCatcher();
const microsoft = await startMicrosoft({ redirectUris: [`${APP_URL}/api/auth/microsoft/callback`] });
afterAll(async () => {
  await smtp.close();
  await microsoft.close();
});
const t = await stripeApp({
  SMTP_URL: smtp.url,
  FORM_RATE_LIMIT: '1000',
  MICROSOFT_CLIENT_ID: MICROSOFT_CLIENT.id,
  MICROSOFT_CLIENT_SECRET: MICROSOFT_CLIENT.secret,
  MICROSOFT_LOGIN_URL: microsoft.url,
});
const { fake, deliverAll } = t;

type Browser = ReturnType<typeof client>;
type Person = Awaited<ReturnType<typeof signedInUser>>;
const PRACTICE_TENANT = '7a1c0b52-5d3e-4f0a-9b1e-0000000000d5';
const OTHER_TENANT = '0000aaaa-0000-4000-8000-00000000beef';

/** Numbers the addresses invited or moved to, so that each is new. */
let addresses = 0;
/** A Microsoft account of its own, of the practice's organisation unless said. */
const msAccount = microsoftPeople(PRACTICE_TENANT, 'dentist', 'smile.example');

const atMicrosoft = (b: Browser, p: MicrosoftPerson, opts?: Parameters<typeof signInAtMicrosoft>[4]) =>
  signInAtMicrosoft(b, microsoft, APP_URL, p, opts);

/** The owner of a practice whose trial runs, linked to a Microsoft account of PRACTICE_TENANT. */
async function owner(policy: Record<string, unknown> = { microsoftTenant: PRACTICE_TENANT }) {
  const u = await signedInUser(t.app);
  const verify = emailLinkToken((await smtp.waitFor(u.email, 'Verify')).text);
  expect((await u.client.post('/api/user/verify-email', { token: verify })).statusCode).toBe(200);
  const res = await u.client.post('/api/create-subscription', { planId: 'clinic' });
  expect(res.statusCode, res.body).toBe(200);
  await deliverAll(fake.confirmSetupIntent(res.json().clientSecret.split('_secret_')[0]!));
  await atMicrosoft(u.client, msAccount(), { intent: 'link' });
  expect((await u.client.post('/api/user/microsoft')).statusCode).toBe(201);
  const saved = await u.client.patch('/api/practice/policy', policy);
  expect(saved.statusCode, saved.body).toBe(200);
  return u;
}

const invitationMails = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && m.subject.startsWith('You are invited'));

/** Invites a new address; answers it and the token of the link its mail carries. */
async function invite(by: Person) {
  const email = `invited${++addresses}@smile.example`;
  const res = await by.client.post('/api/practice/invitations', { email, role: 'clinician' });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await vi.waitFor(() => {
    const found = invitationMails(email)[0];
    if (!found) throw new Error(`no invitation mail to ${email}`);
    return found;
  });
  return { email, token: /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]! };
}

const preview = (token: string) => client(t.app).post('/api/practice/invitations/preview', { token });

const amrOf = async (userId: number) =>
  (
    await t.db.execute<{ amr: string[] }>(
      sql`select amr from user_sessions where user_id = ${userId} order by created_at desc limit 1`,
    )
  ).rows[0]?.amr;

describe('accepting an invitation with Microsoft', () => {
  it('registers the invited person without a password, verified and linked, a member signed in', async () => {
    const o = await owner({ microsoftTenant: PRACTICE_TENANT, requireMicrosoft: true });
    const { email, token } = await invite(o);
    expect((await preview(token)).json()).toMatchObject({ email: maskEmail(email), microsoft: 'required' });

    const b = client(t.app);
    const account = msAccount();
    // Microsoft is asked to offer the invited address first.
    microsoft.signInAs(account);
    const start = await b.post('/api/auth/microsoft/start', { intent: 'join', invitation: token });
    expect(start.statusCode, start.body).toBe(200);
    expect(new URL(start.json().url).searchParams.get('login_hint')).toBe(email);
    const back = await throughMicrosoft(start.json().url, APP_URL);
    const callback = await b.get(back.pathname + back.search);
    expect(callback.headers.location).toBe(`/practice/join?token=${token}&microsoft=done`);

    const joined = await b.post('/api/auth/microsoft/join');
    expect(joined.statusCode, joined.body).toBe(200);
    const user = joined.json();
    expect(user).toMatchObject({
      email,
      username: email.split('@')[0],
      emailVerified: true,
      practice: { name: `${o.username}'s practice`, role: 'clinician' },
      noteAppAccess: true,
    });
    expect((await b.get('/api/user')).json().id).toBe(user.id);
    expect(await amrOf(user.id)).toEqual(['fed', 'mfa']);
    expect((await b.get('/api/user/microsoft')).json()).toMatchObject({
      account: { username: account.preferredUsername, tenant: PRACTICE_TENANT },
    });
    // No password: nothing typed signs in to it; Microsoft does, again.
    const typed = await client(t.app).post('/api/login', { username: email, password: '' });
    expect(typed.statusCode).toBe(400);
    const later = client(t.app);
    await atMicrosoft(later, account);
    expect((await later.post('/api/auth/microsoft/sign-in')).json()).toMatchObject({ id: user.id });
    // The invitation is used up; the owner sees the member, and the trail says who joined.
    expect((await preview(token)).statusCode).toBe(410);
    const team = (await o.client.get('/api/practice')).json();
    expect(team.members.map((m: { email: string }) => m.email)).toContain(email);
    expect(team.invitations).toEqual([]);
    const trail = (await o.client.get('/api/practice/audit')).json();
    const actions = trail.events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['member_joined', 'invitation_used', 'sign_in']));
    // Nothing was mailed to verify the address: the invitation proved it.
    expect(smtp.mails.filter((m) => m.to.includes(email) && m.subject.includes('Verify'))).toEqual([]);
  });

  it('is offered where the practice has its organisation, without requiring it', async () => {
    const o = await owner();
    const { token } = await invite(o);
    expect((await preview(token)).json().microsoft).toBe('offered');
    const b = client(t.app);
    await atMicrosoft(b, msAccount({ amr: ['pwd'] }), { intent: 'join', invitation: token });
    const joined = await b.post('/api/auth/microsoft/join');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await amrOf(joined.json().id)).toEqual(['fed']);
  });

  it('refuses a Microsoft account of another organisation, saying so; the invitation waits', async () => {
    const o = await owner();
    const { token } = await invite(o);
    const b = client(t.app);
    await atMicrosoft(b, msAccount({ tid: OTHER_TENANT }), { intent: 'join', invitation: token });
    const refused = await b.post('/api/auth/microsoft/join');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `This Microsoft account is not of ${o.username}'s practice's organisation. Sign in to Microsoft with your work account (NHSmail or Microsoft 365) of the practice.`,
    );
    expect((await b.get('/api/user')).statusCode).toBe(401);
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('is not offered by a practice without its Microsoft organisation', async () => {
    const o = await owner({ microsoftTenant: null });
    const { token } = await invite(o);
    expect((await preview(token)).json().microsoft).toBe('none');
    const start = await client(t.app).post('/api/auth/microsoft/start', {
      intent: 'join',
      invitation: token,
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toMatch(/does not sign its team in with Microsoft/);
  });

  it('binds the invitation to the Microsoft sign-in: none begun for it, none taken', async () => {
    const o = await owner();
    const { token } = await invite(o);
    // A sign-in with Microsoft begun to sign in, not to join, joins nothing (the token in a body is no proof).
    const b = client(t.app);
    await atMicrosoft(b, msAccount());
    const res = await b.post('/api/auth/microsoft/join', { token });
    expect(res.statusCode).toBe(401);
    expect((await b.get('/api/user')).statusCode).toBe(401);
    // Without any Microsoft sign-in in this browser.
    expect((await client(t.app).post('/api/auth/microsoft/join')).statusCode).toBe(401);
    // A link that is not an invitation's is refused before Microsoft.
    const bad = await client(t.app).post('/api/auth/microsoft/start', {
      intent: 'join',
      invitation: 'x'.repeat(40),
    });
    expect(bad.statusCode).toBe(404);
    const none = await client(t.app).post('/api/auth/microsoft/start', { intent: 'join' });
    expect(none.statusCode).toBe(400);
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('refuses an address that has an account, and a Microsoft account linked already', async () => {
    const o = await owner();
    const existing = await signedInUser(t.app);
    const res = await o.client.post('/api/practice/invitations', {
      email: existing.email,
      role: 'clinician',
    });
    expect(res.statusCode).toBe(201);
    const mail = await vi.waitFor(() => {
      const found = invitationMails(existing.email)[0];
      if (!found) throw new Error('no invitation mail');
      return found;
    });
    const token = /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const b = client(t.app);
    await atMicrosoft(b, msAccount(), { intent: 'join', invitation: token });
    const taken = await b.post('/api/auth/microsoft/join');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/has a ChairNotes account already: sign in to it/);

    const second = await invite(o);
    const linked = msAccount();
    const someone = await signedInUser(t.app);
    await atMicrosoft(someone.client, linked, { intent: 'link' });
    expect((await someone.client.post('/api/user/microsoft')).statusCode).toBe(201);
    const c = client(t.app);
    await atMicrosoft(c, linked, { intent: 'join', invitation: second.token });
    const twice = await c.post('/api/auth/microsoft/join');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/linked to a ChairNotes account already/);
    expect((await preview(second.token)).statusCode).toBe(200);
  });

  it('refuses an invitation withdrawn while the person was at Microsoft', async () => {
    const o = await owner();
    const { token } = await invite(o);
    const b = client(t.app);
    await atMicrosoft(b, msAccount(), { intent: 'join', invitation: token });
    const id = (await o.client.get('/api/practice')).json().invitations[0].id;
    expect((await o.client.delete(`/api/practice/invitations/${id}`)).statusCode).toBe(200);
    const res = await b.post('/api/auth/microsoft/join');
    expect(res.statusCode).toBe(410);
    expect((await b.get('/api/user')).statusCode).toBe(401);
  });
});

describe('a member without a password proves it is them with Microsoft', () => {
  /** A clinician who accepted an invitation of `o`'s practice with Microsoft: no password. */
  async function joinedWithMicrosoft(o: Person) {
    const { email, token } = await invite(o);
    const b = client(t.app);
    const account = msAccount();
    expect(await atMicrosoft(b, account, { intent: 'join', invitation: token })).toBe(
      `/practice/join?token=${token}&microsoft=done`,
    );
    const joined = await b.post('/api/auth/microsoft/join');
    expect(joined.statusCode, joined.body).toBe(200);
    return { b, email, account, id: joined.json().id as number };
  }
  const confirmWithMicrosoft = async (b: Browser, account: MicrosoftPerson) => {
    expect(await atMicrosoft(b, account, { intent: 'reauth', returnTo: '/account' })).toBe(
      '/account?microsoft-reauth=done',
    );
    expect((await b.post('/api/user/reauth/microsoft')).statusCode).toBe(200);
  };

  it('changes their email: no password asked, a recent confirmation with Microsoft instead', async () => {
    const o = await owner();
    const { b, email, account, id } = await joinedWithMicrosoft(o);
    const me = (await b.get('/api/user')).json();
    expect(me).toMatchObject({ email, hasPassword: false });
    expect((await o.client.get('/api/user')).json().hasPassword).toBe(true);

    // Long after signing in, a new address asks for fresh proof, whatever password is typed.
    await proofGoesStale(t.db, 'user', id);
    const newEmail = `moved${++addresses}@smile.example`;
    for (const body of [
      { username: me.username, email: newEmail },
      { username: me.username, email: newEmail, currentPassword: 'anything at all' },
    ]) {
      const refused = await b.patch('/api/user', body);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ reauthRequired: true });
    }
    expect(smtp.mails.filter((m) => m.to.includes(newEmail))).toEqual([]);

    await confirmWithMicrosoft(b, account);
    const saved = await b.patch('/api/user', { username: me.username, email: newEmail });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toContain(newEmail);
    await smtp.waitFor(newEmail, 'Confirm your new');
  });

  it("shows in the owner's access review with the Microsoft account they sign in with", async () => {
    const o = await owner();
    // The owner meets the rule before requiring it of the team.
    await enrolTotp(o.client, '/api/user');
    expect((await o.client.patch('/api/practice/policy', { requireTwoFactor: true })).statusCode).toBe(200);
    const { account, id } = await joinedWithMicrosoft(o);
    const review = await o.client.get('/api/practice/members');
    expect(review.statusCode, review.body).toBe(200);
    const row = review.json().members.find((m: { userId: number }) => m.userId === id);
    // No factor of ours: the practice's rule closes the note app, except for a sign-in with Microsoft's.
    expect(row).toMatchObject({
      microsoftAccount: account.preferredUsername,
      twoFactor: false,
      noteAppBlockedReason: 'two_factor_required',
    });
    const csv = (await o.client.get('/api/practice/members.csv')).body;
    expect(csv).toContain(
      `,off,${account.preferredUsername},"closed: second factor required, unless signed in with Microsoft's",`,
    );
  });

  it('deletes their account after confirming with Microsoft; one with a password still types it', async () => {
    const o = await owner();
    const { b, account, id } = await joinedWithMicrosoft(o);
    await proofGoesStale(t.db, 'user', id);
    const refused = await b.delete('/api/user', { password: 'anything at all' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ reauthRequired: true });
    expect((await b.get('/api/user')).statusCode).toBe(200);

    await confirmWithMicrosoft(b, account);
    const deleted = await b.delete('/api/user', {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await b.get('/api/user')).statusCode).toBe(401);
    const team = (await o.client.get('/api/practice')).json();
    expect(team.members.map((m: { id: number }) => m.id)).not.toContain(id);

    // A person with a password: a fresh session is not enough, the password is the proof.
    const withPassword = await signedInUser(t.app);
    const missing = await withPassword.client.delete('/api/user', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password is required');
    expect((await withPassword.client.get('/api/user')).statusCode).toBe(200);
  });
});
