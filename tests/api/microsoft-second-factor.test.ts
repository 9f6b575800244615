import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import type { MicrosoftPerson } from '../support/microsoft';
import { microsoftNoteApp } from '../support/microsoft-note-app';
import {
  asClient,
  type Browser,
  browser,
  signInToNoteApp,
  subscribeInBrowser,
  verifiedPerson,
} from '../support/oidc';
import { enrolTotp } from '../support/two-factor';

// A practice that requires a second factor, and a member who signs in with Microsoft
// (docs/decisions/094-sign-in-with-microsoft.md): Microsoft's second factor (`amr` has `mfa`) meets the
// policy for that sign-in, in ChairNotes and in the note app (its sign-in, refresh and userinfo); a
// sign-in without it, or with the password, does not.
const { t, smtp, atMicrosoft: signIn } = await microsoftNoteApp();

const atMicrosoft = (b: Browser, p: MicrosoftPerson, intent: 'sign-in' | 'link' = 'sign-in') =>
  signIn(b, p, { intent });

const person = () => verifiedPerson(t, smtp);

const me = async (b: Browser) => (await b.request('/api/user')).json();

/**
 * A practice that requires a second factor (its owner has one), with a clinician who has none of ours but
 * has linked `account` at Microsoft.
 */
async function practiceWithClinician(account: MicrosoftPerson) {
  const owner = await person();
  await subscribeInBrowser(t, owner.b, 'clinic');
  await enrolTotp(asClient(owner.b) as never, '/api/user');
  const clinician = await person();
  expect(
    (await owner.b.post('/api/practice/invitations', { email: clinician.email, role: 'clinician' })).status,
  ).toBe(201);
  const token = /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(
    (await smtp.waitFor(clinician.email, 'You are invited to join a practice')).text,
  )![1]!;
  expect((await clinician.b.post('/api/practice/join', { token })).status).toBe(200);
  await atMicrosoft(clinician.b, account, 'link');
  expect((await clinician.b.post('/api/user/microsoft', {})).status).toBe(201);
  const policy = await owner.b.request('/api/practice/policy', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requireTwoFactor: true }),
  });
  expect(policy.status, await policy.text()).toBe(200);
  return clinician;
}

let people = 0;
const workAccount = (amr: string[]): MicrosoftPerson => {
  people++;
  return {
    tid: '3c0f7e43-0c1b-4a2e-9f55-00000000a11c',
    oid: `5d1e2f3a-0000-4a2e-9f55-${String(people).padStart(12, '0')}`,
    preferredUsername: `member${people}@nhs.net`,
    amr,
  };
};

describe("a practice's required second factor and Microsoft's", () => {
  it("is met by a sign-in with Microsoft's second factor: ChairNotes and the note app open, at sign-in, refresh and userinfo", async () => {
    const account = workAccount(['pwd', 'mfa']);
    const clinician = await practiceWithClinician(account);
    // Signed in with the password: closed, as for anyone without a second factor.
    expect(await me(clinician.b)).toMatchObject({
      noteAppAccess: false,
      noteAppBlockedReason: 'two_factor_required',
    });
    const closed = await signInToNoteApp(t, clinician.b);
    expect(closed.tokens.claims()).toMatchObject({ access_blocked_reason: 'two_factor_required' });

    // With Microsoft, which asked for its second factor: open.
    const b = browser(t.appUrl);
    await atMicrosoft(b, account);
    const signedIn = await b.post('/api/auth/microsoft/sign-in', {});
    expect(await signedIn.json()).toMatchObject({ noteAppAccess: true, noteAppBlockedReason: null });
    expect(await me(b)).toMatchObject({ noteAppAccess: true, noteAppBlockedReason: null, twoFactor: false });
    const { tokens } = await signInToNoteApp(t, b);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ note_app_access: true, amr: ['fed', 'mfa'] });
    expect(claims).not.toHaveProperty('access_blocked_reason');
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ note_app_access: true });
    const again = await oidc.refreshTokenGrant(t.noteApp, refreshed.refresh_token!);
    expect(again.claims()).toMatchObject({ note_app_access: true });
    const info = await oidc.fetchUserInfo(t.noteApp, again.access_token, claims.sub);
    expect(info).toMatchObject({ note_app_access: true });
    expect(info).not.toHaveProperty('access_blocked_reason');
  });

  it('is not met by a sign-in with Microsoft without its second factor', async () => {
    const account = workAccount(['pwd']);
    await practiceWithClinician(account);
    const b = browser(t.appUrl);
    await atMicrosoft(b, account);
    // No second factor of ours to ask for: signed in, the note app closed until they have one.
    expect(await (await b.post('/api/auth/microsoft/sign-in', {})).json()).toMatchObject({
      noteAppAccess: false,
      noteAppBlockedReason: 'two_factor_required',
    });
    const { tokens } = await signInToNoteApp(t, b);
    expect(tokens.claims()).toMatchObject({
      note_app_access: false,
      access_blocked_reason: 'two_factor_required',
    });
    const info = await oidc.fetchUserInfo(t.noteApp, tokens.access_token, tokens.claims()!.sub);
    expect(info).toMatchObject({ note_app_access: false, access_blocked_reason: 'two_factor_required' });
  });
});
