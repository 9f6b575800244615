import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { type MicrosoftPerson, microsoftPeople } from '../support/microsoft';
import { microsoftNoteApp } from '../support/microsoft-note-app';
import {
  type Browser,
  browser,
  noteAppAuthorization,
  oauthError,
  signInToNoteApp,
  subscribeInBrowser,
  verifiedPerson,
} from '../support/oidc';
import { proofGoesStale } from '../support/recent-auth';

// A practice's rule that its team signs in with Microsoft of its organisation holds from the moment the
// owner saves it (docs/decisions/104-requiring-microsoft-ends-other-sessions.md): the sessions opened
// otherwise, and the note-app sessions they carry, end then; under the rule only Microsoft confirms it
// is them. Against the stand-in Microsoft and the note app as openid-client.
const { t, smtp, atMicrosoft } = await microsoftNoteApp();

const TENANT = '6b2d9c41-7e3f-4c8a-b1d2-00000000c0de';
const workAccount = microsoftPeople(TENANT, 'member', 'nhs.net');

const patch = (b: Browser, path: string, body: Record<string, unknown>) =>
  b.request(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Links `account` to the person signed in in `b` (their proof is fresh: they have just signed in). */
async function link(b: Browser, account: MicrosoftPerson) {
  await atMicrosoft(b, account, { intent: 'link' });
  const linked = await b.post('/api/user/microsoft', {});
  expect(linked.status, await linked.text()).toBe(201);
}

/**
 * A practice of TENANT whose owner has linked their account of it, and two clinicians who joined with
 * their passwords, each with a Microsoft account of TENANT linked.
 */
async function practice() {
  const owner = await verifiedPerson(t, smtp);
  await subscribeInBrowser(t, owner.b, 'clinic');
  await link(owner.b, workAccount());
  expect((await patch(owner.b, '/api/practice/policy', { microsoftTenant: TENANT })).status).toBe(200);
  const clinician = async () => {
    const person = await verifiedPerson(t, smtp);
    const invited = await owner.b.post('/api/practice/invitations', {
      email: person.email,
      role: 'clinician',
    });
    expect(invited.status).toBe(201);
    const token = /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(
      (await smtp.waitFor(person.email, 'You are invited to join a practice')).text,
    )![1]!;
    expect((await person.b.post('/api/practice/join', { token })).status).toBe(200);
    const account = workAccount();
    await link(person.b, account);
    return { ...person, account };
  };
  return { owner, withPassword: await clinician(), withMicrosoft: await clinician() };
}

const requireMicrosoft = (owner: Browser) => patch(owner, '/api/practice/policy', { requireMicrosoft: true });

describe('requiring Microsoft applies to the sessions already open', () => {
  it("ends a member's password session and its note-app session when saved, tells the owner how many; a Microsoft session stays", async () => {
    const { owner, withPassword, withMicrosoft } = await practice();
    // One member in the browser they registered in (their password); the other also signs in with
    // Microsoft in a browser of its own. Both sign in to the note app from there.
    const passwordNoteApp = (await signInToNoteApp(t, withPassword.b)).tokens;
    const msBrowser = browser(t.appUrl);
    await atMicrosoft(msBrowser, withMicrosoft.account);
    expect((await msBrowser.post('/api/auth/microsoft/sign-in', {})).status).toBe(200);
    const msNoteApp = (await signInToNoteApp(t, msBrowser)).tokens;

    const saved = await requireMicrosoft(owner.b);
    const body = await saved.json();
    expect(saved.status, JSON.stringify(body)).toBe(200);
    // Each member's password session (the second member's first browser too); not the owner's, who saved it.
    expect(body).toMatchObject({ requireMicrosoft: true, sessionsEnded: 2 });

    // The password session: ChairNotes, a code for the note app, and the note app's refresh, all closed.
    expect((await withPassword.b.request('/api/user')).status).toBe(401);
    expect((await withMicrosoft.b.request('/api/user')).status).toBe(401);
    const authorization = await noteAppAuthorization(t);
    const landed = await withPassword.b.open(authorization.url);
    expect(new URL(landed.url).pathname).toBe('/auth');
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, passwordNoteApp.refresh_token!))).toBe(
      'invalid_grant',
    );

    // The Microsoft session, and the note app's from it, carry on.
    expect((await msBrowser.request('/api/user')).status).toBe(200);
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, msNoteApp.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ note_app_access: true });
    expect((await owner.b.request('/api/user')).status).toBe(200);

    // The practice's trail says so.
    const trail = await (await owner.b.request('/api/practice/audit')).json();
    const change = trail.events.find((e: { action: string }) => e.action === 'policy_changed');
    expect(change.detail).toBe(
      'Microsoft sign-in required: no → yes; 2 sessions not opened with Microsoft ended',
    );

    // Saving it again ends nothing more.
    expect(await (await requireMicrosoft(owner.b)).json()).toMatchObject({ sessionsEnded: 0 });
  });

  it('under the rule, a member confirms it is them with Microsoft only: their password is refused, saying how', async () => {
    const { owner, withMicrosoft } = await practice();
    const b = browser(t.appUrl);
    await atMicrosoft(b, withMicrosoft.account);
    expect((await b.post('/api/auth/microsoft/sign-in', {})).status).toBe(200);
    expect((await requireMicrosoft(owner.b)).status).toBe(200);

    // Later, the note app asks for a fresh sign-in: the password does not give it, Microsoft does.
    await proofGoesStale(t.db, 'user', withMicrosoft.id);
    const authorization = await noteAppAuthorization(t, { prompt: 'login' });
    const atAuth = new URL((await b.open(authorization.url)).url);
    expect(atAuth.pathname).toBe('/auth');
    const typed = await b.post('/api/user/reauth', { password: withMicrosoft.password });
    expect(typed.status).toBe(403);
    expect(await typed.json()).toEqual({
      message: `${owner.username}'s practice signs its team in with Microsoft: choose 'Confirm with Microsoft' and use your work account.`,
    });
    expect(await atMicrosoft(b, withMicrosoft.account, { intent: 'reauth', returnTo: '/account' })).toBe(
      '/account?microsoft-reauth=done',
    );
    expect((await b.post('/api/user/reauth/microsoft', {})).status).toBe(200);
    // That confirms it for ChairNotes' own actions; the note app's step-up asks for a whole sign-in
    // (docs/decisions/108-the-note-apps-step-up-is-a-whole-sign-in.md), which under the rule is Microsoft's.
    await atMicrosoft(b, withMicrosoft.account);
    expect((await b.post('/api/auth/microsoft/sign-in', {})).status).toBe(200);
    const landed = await b.open(atAuth.searchParams.get('redirect')!);
    expect(landed.url.startsWith(t.redirectUri), landed.url).toBe(true);
    const tokens = await authorization.exchange(landed.url);
    expect(tokens.claims()).toMatchObject({ amr: ['fed', 'mfa'] });

    // Without the rule, the password confirms it again.
    expect((await patch(owner.b, '/api/practice/policy', { requireMicrosoft: false })).status).toBe(200);
    expect((await b.post('/api/user/reauth', { password: withMicrosoft.password })).status).toBe(200);
  });
});
