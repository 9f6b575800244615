import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { oidcRepo } from '../../src/server/oidc/oidc-repo';
import {
  KEY_ACTIVATION_DELAY_MS,
  RETIRED_KEY_KEPT_MS,
  rotateSigningKeys,
} from '../../src/server/oidc/signing-keys';
import {
  asClient,
  type Browser,
  browser,
  NOTE_APP,
  noteAppAuthorization,
  oauthError,
  oidcApp,
  register,
  signInToNoteApp,
} from '../support/oidc';
import { emailLinkToken, startSmtpCatcher } from '../support/smtp';
import { enrolledAdmin, enrolTotp } from '../support/two-factor';

// The note app signs in with ChairNotes (docs/architecture.md#note-app-sign-in), tested with openid-client, the
// certified relying-party library, against the running server.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const t = await oidcApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000' });
const jwks = createRemoteJWKSet(new URL(`${t.issuer}/jwks`));

async function verify(b: Browser, email: string) {
  const token = emailLinkToken((await smtp.waitFor(email, 'Verify')).text);
  expect((await b.post('/api/user/verify-email', { token })).status).toBe(200);
}

/** A trial of `planId` as the subscribe page starts it, before the card is typed: its SetupIntent. */
async function startSubscription(b: Browser, planId: 'pro' | 'clinic'): Promise<string> {
  const res = await b.post('/api/create-subscription', { planId });
  const body = (await res.json()) as { clientSecret: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.clientSecret.split('_secret_')[0]!;
}

/** A trial of `planId` with a saved card, through the fake Stripe, as the subscribe page does it. */
async function subscribe(b: Browser, planId: 'pro' | 'clinic') {
  await t.deliverAll(t.fake.confirmSetupIntent(await startSubscription(b, planId)));
}

/** The user's Stripe subscription id. */
async function subscriptionOf(userId: number): Promise<string> {
  const rows = await t.db.execute<{ sub: string }>(
    sql`select stripe_subscription_id as sub from users where id = ${userId}`,
  );
  return rows.rows[0]!.sub;
}

describe('discovery', () => {
  it('publishes the issuer, the endpoints under /oidc, code with PKCE S256 only, and our scopes and claims', async () => {
    const meta = t.noteApp.serverMetadata();
    expect(meta.issuer).toBe(t.issuer);
    expect(meta.authorization_endpoint).toBe(`${t.issuer}/auth`);
    expect(meta.token_endpoint).toBe(`${t.issuer}/token`);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.grant_types_supported).not.toContain('implicit');
    expect(meta.grant_types_supported).not.toContain('password');
    expect(meta.registration_endpoint).toBeUndefined();
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'subscription']),
    );
    expect(meta.claims_supported).toEqual(
      expect.arrayContaining([
        'sub',
        'email',
        'email_verified',
        'plan',
        'note_app_access',
        'practice',
        'amr',
      ]),
    );
    expect(meta.backchannel_logout_supported).toBe(true);
    expect(meta.end_session_endpoint).toBe(`${t.issuer}/session/end`);
  });
});

describe('signing in to the note app', () => {
  it('a signed-in free user goes straight through, and the note app learns who they are, with no access', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: t.issuer,
      aud: NOTE_APP.clientId,
      email: user.email,
      email_verified: false,
      preferred_username: user.username,
      name: user.username,
      plan: 'free',
      note_app_access: false,
      amr: ['pwd'],
    });
    expect(claims).not.toHaveProperty('practice');
    // A stable random id, never the database id.
    expect(claims.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(claims.sub).not.toBe(String(user.id));
    expect(tokens.expires_in).toBe(600);
    expect(claims.exp - claims.iat).toBe(600);
    expect(decodeProtectedHeader(tokens.id_token!).alg).toBe('ES256');
    // The same person again: the same sub.
    expect((await signInToNoteApp(t, b)).tokens.claims()!.sub).toBe(claims.sub);
  });

  it('a signed-out person signs in on /auth, with their second factor, and is sent back into the flow', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const totp = await enrolTotp(asClient(b) as never, '/api/user');
    expect((await b.post('/api/logout', {})).status).toBe(200);

    const authorization = await noteAppAuthorization(t);
    const atAuth = await b.open(authorization.url);
    const signInPage = new URL(atAuth.url);
    expect(signInPage.pathname).toBe('/auth');
    const back = signInPage.searchParams.get('redirect')!;
    expect(back).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);

    const login = await b.post('/api/login', { username: user.username, password: user.password });
    expect(await login.json()).toMatchObject({ twoFactorRequired: true });
    // Not signed in until the second factor: the flow still sends them to /auth.
    expect(new URL((await b.open(back)).url).pathname).toBe('/auth');
    expect((await b.post('/api/login/2fa', { code: await totp.code() })).status).toBe(200);

    const landed = await b.open(back);
    expect(landed.url.startsWith(t.redirectUri)).toBe(true);
    const tokens = await authorization.exchange(landed.url);
    expect(tokens.claims()).toMatchObject({ email: user.email, amr: ['pwd', 'otp'] });
  });

  it('a Plus subscriber in their trial may use the note app, with the Plus plan, once their card is confirmed', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const setupIntent = await startSubscription(b, 'pro');
    // The subscribe page opened and left without a card: nothing for the note app.
    const before = (await signInToNoteApp(t, b)).tokens;
    expect(before.claims()).toMatchObject({ plan: 'free', note_app_access: false });
    const infoBefore = await oidc.fetchUserInfo(t.noteApp, before.access_token, before.claims()!.sub);
    expect(infoBefore).toMatchObject({ plan: 'free', note_app_access: false });

    await t.deliverAll(t.fake.confirmSetupIntent(setupIntent));
    const { tokens } = await signInToNoteApp(t, b);
    expect(tokens.claims()).toMatchObject({ plan: 'pro', note_app_access: true });
    expect(tokens.claims()).not.toHaveProperty('practice');
    const info = await oidc.fetchUserInfo(t.noteApp, tokens.access_token, tokens.claims()!.sub);
    expect(info).toMatchObject({ plan: 'pro', note_app_access: true });
  });

  it('a practice member may use it through the practice: the Practice plan, and the practice with their role', async () => {
    const owner = browser(t.appUrl);
    await register(owner);
    await subscribe(owner, 'clinic');
    const member = browser(t.appUrl);
    const person = await register(member);
    await verify(member, person.email);
    expect(
      (await owner.post('/api/practice/invitations', { email: person.email, role: 'clinician' })).status,
    ).toBe(201);
    const token = /\/practice\/join\?token=([A-Za-z0-9_-]+)/.exec(
      (await smtp.waitFor(person.email, 'You are invited to join a practice')).text,
    )![1]!;
    expect((await member.post('/api/practice/join', { token })).status).toBe(200);
    const { practice } = (await (await owner.request('/api/user')).json()) as {
      practice: { id: number; name: string };
    };

    const { tokens } = await signInToNoteApp(t, member);
    expect(tokens.claims()).toMatchObject({
      plan: 'clinic',
      note_app_access: true,
      practice: { id: practice.id, name: practice.name, role: 'clinician' },
      email_verified: true,
    });

    // Removed from the practice: the next refresh says so.
    const removed = await owner.request(`/api/practice/members/${person.id}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(removed.status).toBe(200);
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ plan: 'free', note_app_access: false });
    expect(refreshed.claims()).not.toHaveProperty('practice');
  });
});

describe('lost access shows at the next refresh', () => {
  it('a freeze turns note_app_access false in the refreshed ID token and in userinfo; each refresh token is used once', async () => {
    const b = browser(t.appUrl);
    await register(b);
    await subscribe(b, 'pro');
    const { tokens } = await signInToNoteApp(t, b);
    expect(tokens.claims()!.note_app_access).toBe(true);

    expect((await b.post('/api/subscription/freeze', {})).status).toBe(200);
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ plan: 'pro', note_app_access: false });
    const info = await oidc.fetchUserInfo(t.noteApp, refreshed.access_token, tokens.claims()!.sub);
    expect(info.note_app_access).toBe(false);

    // Rotation: a new refresh token each time; the used one is refused (and revokes the chain).
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('a failed renewal keeps it true for 7 days, then false at the next refresh and userinfo; paying turns it back', {
    tags: ['database-differences'],
  }, async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    await subscribe(b, 'pro');
    const { tokens } = await signInToNoteApp(t, b);
    expect(tokens.claims()!.note_app_access).toBe(true);

    const failedAt = Date.now();
    await t.deliverAll(t.fake.endTrial(await subscriptionOf(user.id), { paymentFails: true }));
    const failed = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    expect(failed.claims()).toMatchObject({ plan: 'pro', note_app_access: true });

    // Eight days on (the app's clock, and the note app's: one process), the claim follows (docs/decisions/066-failed-renewal-grace-and-money-mails.md).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(failedAt + 8 * 86_400_000);
      const closed = await oidc.refreshTokenGrant(t.noteApp, failed.refresh_token!);
      expect(closed.claims()).toMatchObject({ plan: 'pro', note_app_access: false });
      const info = await oidc.fetchUserInfo(t.noteApp, closed.access_token, tokens.claims()!.sub);
      expect(info.note_app_access).toBe(false);

      await t.deliverAll(t.fake.advancePeriod(await subscriptionOf(user.id)));
      const paid = await oidc.refreshTokenGrant(t.noteApp, closed.refresh_token!);
      expect(paid.claims()).toMatchObject({ plan: 'pro', note_app_access: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a cancel at the period end keeps access until the end, then turns it false', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    await subscribe(b, 'pro');
    const { tokens } = await signInToNoteApp(t, b);
    expect((await b.post('/api/subscription/cancel', {})).status).toBe(200);
    const cancelling = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    expect(cancelling.claims()!.note_app_access).toBe(true);

    await t.deliverAll(t.fake.endTrial(await subscriptionOf(user.id)));
    const ended = await oidc.refreshTokenGrant(t.noteApp, cancelling.refresh_token!);
    expect(ended.claims()).toMatchObject({ plan: 'free', note_app_access: false });
  });
});

describe('what the provider refuses', () => {
  it('a code used twice, a wrong code_verifier, a wrong client secret', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const first = await signInToNoteApp(t, b);
    expect(await oauthError(first.authorization.exchange(first.callbackUrl))).toBe('invalid_grant');

    const second = await noteAppAuthorization(t);
    const landed = await b.open(second.url);
    const wrongVerifier = oidc.randomPKCECodeVerifier();
    expect(await oauthError(second.exchange(landed.url, t.noteApp, wrongVerifier))).toBe('invalid_grant');

    const third = await noteAppAuthorization(t);
    const impostor = await oidc.discovery(
      new URL(t.issuer),
      NOTE_APP.clientId,
      'not-the-secret-of-the-note-app-at-all',
      undefined,
      { execute: [oidc.allowInsecureRequests] },
    );
    expect(await oauthError(third.exchange((await b.open(third.url)).url, impostor))).toBe('invalid_client');
  });

  it('a redirect_uri not registered gets an error page, never a redirect; a request without PKCE is refused', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const evil = await noteAppAuthorization(t, { redirect_uri: 'https://evil.example/callback' });
    const page = await b.open(evil.url);
    expect(page.url.startsWith(t.issuer)).toBe(true);
    expect(page.response?.status).toBe(400);
    const html = await page.response!.text();
    expect(html).toContain('We could not sign you in to the note app');
    expect(html).toContain('redirect_uri');
    expect(page.response?.headers.get('content-security-policy')).toContain("script-src 'self'");

    const url = new URL((await noteAppAuthorization(t)).url);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const refused = await b.open(url.href);
    expect(refused.url.startsWith(t.redirectUri)).toBe(true);
    expect(new URL(refused.url).searchParams.get('error')).toBe('invalid_request');
  });

  it('an interaction link opened without its cookie says the sign-in expired', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const res = await b.request('/oidc/interaction/not-a-real-interaction');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in has expired');
  });
});

/** The back-channel logout tokens the note app received for `sub`, each verified with the provider's keys. */
async function logoutsFor(sub: string) {
  const tokens = [];
  for (const token of t.backchannel.received) {
    const { payload } = await jwtVerify(token, jwks, { issuer: t.issuer, audience: NOTE_APP.clientId });
    if (payload.sub === sub) tokens.push(payload);
  }
  return tokens;
}

async function expectLoggedOut(tokens: {
  claims(): { sub: string; sid?: unknown } | undefined;
  refresh_token?: string;
}) {
  const { sub, sid } = tokens.claims()!;
  const logouts = await vi.waitFor(async () => {
    const found = await logoutsFor(sub);
    if (found.length === 0) throw new Error(`no back-channel logout for ${sub} yet`);
    return found;
  });
  expect(logouts[0]).toMatchObject({
    sid,
    events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
  });
  expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!))).toBe('invalid_grant');
}

describe('the note app session ends with the ChairNotes one', () => {
  it('signing out of ChairNotes: back-channel logout, and its refresh token refused', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    expect((await b.post('/api/logout', {})).status).toBe(200);
    await expectLoggedOut(tokens);
  });

  it('a password change ends the note app session on every device, this one too', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    const changed = await b.post('/api/user/change-password', {
      currentPassword: user.password,
      newPassword: 'a new and longer password',
      confirmPassword: 'a new and longer password',
    });
    expect(changed.status).toBe(200);
    await expectLoggedOut(tokens);
  });

  it("an admin ending the person's sessions ends the note app's too", async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    const { client: admin } = await enrolledAdmin(t, {
      username: 'support',
      email: 'support@example.co.uk',
      password: 'admin secret 1',
    });
    expect((await admin.post(`/api/admin/users/${user.id}/end-sessions`)).statusCode).toBe(200);
    await expectLoggedOut(tokens);
  });

  it('the note app signs the person out (RP-initiated): they may leave ChairNotes too', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    const logoutUrl = oidc.buildEndSessionUrl(t.noteApp, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: t.postLogoutUri,
      state: 'back-to-notes',
    });
    const confirm = await b.open(logoutUrl.href);
    expect(confirm.response?.status).toBe(200);
    const html = await confirm.response!.text();
    expect(html).toContain('Sign out of ChairNotes too?');
    // The page's form may send the browser on to the note app.
    const formAction = /form-action ([^;]*)/.exec(
      confirm.response?.headers.get('content-security-policy') ?? '',
    );
    expect(formAction?.[1]?.split(' ')).toContain(new URL(t.postLogoutUri).origin);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await b.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.postLogoutUri}?state=back-to-notes`);
    expect((await b.request('/api/user')).status).toBe(401);
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!))).toBe('invalid_grant');
  });
});

describe('signing keys', () => {
  it('a rotated key is published at once, signs once every instance has it, and the old one verifies its tokens until they expire', async () => {
    const repo = oidcRepo(t.db);
    const key = t.app.ctx.secretsKey;
    const b = browser(t.appUrl);
    await register(b);
    const before = (await signInToNoteApp(t, b)).tokens.id_token!;
    const oldKid = decodeProtectedHeader(before).kid;
    const published = async () =>
      ((await (await fetch(`${t.issuer}/jwks`)).json()) as { keys: { kid: string; alg: string }[] }).keys;
    const oldRsaKid = (await published()).find((k) => k.alg === 'RS256')!.kid;

    const now = Date.now();
    const rotated = await rotateSigningKeys(repo, key, { now });
    const kidOf = (r: typeof rotated, alg: string) => r.added.find((k) => k.alg === alg)!.kid;
    await t.app.ctx.oidcProvider!.refresh(now);
    // A new key of each algorithm, published beside the old ones.
    expect((await published()).map((k) => k.kid)).toEqual(
      expect.arrayContaining([oldKid, oldRsaKid, kidOf(rotated, 'ES256'), kidOf(rotated, 'RS256')]),
    );
    // Not signing yet: another instance may not have read it.
    expect(decodeProtectedHeader((await signInToNoteApp(t, b)).tokens.id_token!).kid).toBe(oldKid);

    await t.app.ctx.oidcProvider!.refresh(now + KEY_ACTIVATION_DELAY_MS + 1);
    const after = (await signInToNoteApp(t, b)).tokens.id_token!;
    expect(decodeProtectedHeader(after).kid).toBe(kidOf(rotated, 'ES256'));
    // Both verify against the published keys (a fresh key set, as a note app would fetch it).
    const fresh = createRemoteJWKSet(new URL(`${t.issuer}/jwks`));
    await expect(jwtVerify(before, fresh, { issuer: t.issuer })).resolves.toMatchObject({
      payload: { iss: t.issuer },
    });
    await expect(jwtVerify(after, fresh, { issuer: t.issuer })).resolves.toMatchObject({
      payload: { iss: t.issuer },
    });

    // Long after, no token of the old keys is in use: the next rotation removes them.
    const later = now + KEY_ACTIVATION_DELAY_MS + RETIRED_KEY_KEPT_MS + 60_000;
    const next = await rotateSigningKeys(repo, key, { now: later });
    expect(next.removed.sort()).toEqual([oldKid, oldRsaKid].sort());
    await t.app.ctx.oidcProvider!.refresh(later);
    expect((await published()).map((k) => k.kid)).toEqual([
      kidOf(rotated, 'ES256'),
      kidOf(next, 'ES256'),
      kidOf(rotated, 'RS256'),
      kidOf(next, 'RS256'),
    ]);
  });
});

describe('a client from elsewhere', () => {
  it('an unknown client_id gets the error page', async () => {
    const b = browser(t.appUrl);
    const res = await b.open(
      `${t.issuer}/auth?client_id=someone-else&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(t.redirectUri)}`,
    );
    expect(res.response?.status).toBe(400);
    expect(await res.response!.text()).toContain('We could not sign you in to the note app');
  });

  it('the token endpoint takes server-to-server posts with no Origin, and wants the client secret', async () => {
    const res = await fetch(`${t.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${NOTE_APP.clientId}:a-guess-at-the-secret`).toString('base64')}`,
      },
      body: 'grant_type=authorization_code&code=nothing&redirect_uri=x&code_verifier=y',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
  });
});
