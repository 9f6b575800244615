import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  asClient,
  type Browser,
  browser,
  noteAppAuthorization,
  oidcApp,
  register,
  signInToNoteApp,
} from '../support/oidc';
import { enrolTotp } from '../support/two-factor';

// The note app's step-up (prompt=login, max_age) is a whole sign-in, its second factor too, and its
// amr says how that sign-in was made (docs/decisions/108-the-note-apps-step-up-is-a-whole-sign-in.md).
const t = await oidcApp({ FORM_RATE_LIMIT: '1000' });

/** The note app asks for a fresh sign-in: where the browser lands, and the way back into the flow. */
async function askForFreshSignIn(b: Browser, extra: Record<string, string> = { prompt: 'login' }) {
  const authorization = await noteAppAuthorization(t, extra);
  const landed = new URL((await b.open(authorization.url)).url);
  return { authorization, landed, back: landed.searchParams.get('redirect')! };
}

/** Where coming back into the flow leads: the note app's callback, or the sign-in page again. */
async function comeBack(b: Browser, back: string): Promise<string> {
  return (await b.open(back)).url;
}

const atSignIn = (url: string) => new URL(url).pathname === '/auth';

describe("the note app's step-up", () => {
  it("with the app on: 'Confirm it's you' is not enough; the password, then the code, and only then the code goes to the note app", async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const totp = await enrolTotp(asClient(b) as never, '/api/user');

    const { authorization, landed, back } = await askForFreshSignIn(b);
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('prompt')).toBe('login');

    // The proofs that open ChairNotes' own sensitive actions, one at a time, are no sign-in for the note app.
    expect((await b.post('/api/user/reauth', { password: user.password })).status).toBe(200);
    expect(atSignIn(await comeBack(b, back))).toBe(true);
    expect((await b.post('/api/user/reauth', { code: totp.recoveryCodes[0] })).status).toBe(200);
    expect(atSignIn(await comeBack(b, back))).toBe(true);

    // The password alone leaves the sign-in waiting for the code; the note app gets nothing yet.
    const login = await b.post('/api/login', { username: user.username, password: user.password });
    expect(await login.json()).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(atSignIn(await comeBack(b, back))).toBe(true);
    expect((await b.post('/api/login/2fa', { code: await totp.code() })).status).toBe(200);

    const done = await comeBack(b, back);
    expect(done.startsWith(t.redirectUri), done).toBe(true);
    expect((await authorization.exchange(done)).claims()!.amr).toEqual(['pwd', 'otp']);
  });

  it('without a second factor: amr after a step-up with the password is ["pwd"], not the earlier sign-in\'s', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const totp = await enrolTotp(asClient(b) as never, '/api/user');
    // Signed in with the password and the code, then the app turned off: no second factor now.
    expect((await b.post('/api/logout', {})).status).toBe(200);
    await b.post('/api/login', { username: user.username, password: user.password });
    expect((await b.post('/api/login/2fa', { code: totp.recoveryCodes[0] })).status).toBe(200);
    expect((await signInToNoteApp(t, b)).tokens.claims()!.amr).toEqual(['pwd', 'otp']);
    expect((await b.post('/api/user/2fa/totp/disable', { code: await totp.code() })).status).toBe(200);

    const { authorization, back } = await askForFreshSignIn(b);
    // 'Confirm it's you' does not stand in for the sign-in, nor hand on the earlier sign-in's otp.
    expect((await b.post('/api/user/reauth', { password: user.password })).status).toBe(200);
    expect(atSignIn(await comeBack(b, back))).toBe(true);

    const login = await b.post('/api/login', { username: user.username, password: user.password });
    expect(login.status).toBe(200);
    const done = await comeBack(b, back);
    expect(done.startsWith(t.redirectUri), done).toBe(true);
    expect((await authorization.exchange(done)).claims()!.amr).toEqual(['pwd']);
  });

  it('prompt=login in the same second as the sign-in before it still asks for a sign-in', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const authorization = await noteAppAuthorization(t, { prompt: 'login' });
    // The provider takes the request and hands over to ChairNotes (its interaction, iat in whole seconds).
    const handOver = await b.request(authorization.url);
    const interaction = new URL(handOver.headers.get('location')!, t.appUrl);
    const uid = interaction.pathname.split('/').pop()!;
    // The session was opened at the very start of the second the note app asked in: a moment before.
    await t.db.execute(sql`update user_sessions
      set created_at = to_timestamp((select (payload->>'iat')::bigint from oidc_models
        where model = 'Interaction' and id = ${uid})),
        reauthenticated_at = to_timestamp((select (payload->>'iat')::bigint from oidc_models
        where model = 'Interaction' and id = ${uid}))
      where user_id = ${user.id}`);

    const landed = new URL((await b.open(interaction.href)).url);
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('prompt')).toBe('login');
    expect((await b.post('/api/login', { username: user.username, password: user.password })).status).toBe(
      200,
    );
    const done = await comeBack(b, landed.searchParams.get('redirect')!);
    expect(done.startsWith(t.redirectUri), done).toBe(true);
  });

  it('signed out when the note app asks with prompt=login: one sign-in, then straight back', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    expect((await b.post('/api/logout', {})).status).toBe(200);

    const { authorization, landed, back } = await askForFreshSignIn(b);
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('prompt')).toBeNull();
    expect((await b.post('/api/login', { username: user.username, password: user.password })).status).toBe(
      200,
    );
    const done = await comeBack(b, back);
    expect(done.startsWith(t.redirectUri), done).toBe(true);
    expect((await authorization.exchange(done)).claims()!.amr).toEqual(['pwd']);
  });
});
