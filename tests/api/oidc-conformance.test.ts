import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import {
  browser,
  noteAppAuthorization,
  oauthError,
  oidcApp,
  register,
  signInToNoteApp,
} from '../support/oidc';

// What the OpenID Foundation's basic certification plan checks of a provider for a confidential
// code-flow client with PKCE, and what discovery promises, tested with openid-client against the
// running server (docs/decisions/069-openid-conformance.md).
const t = await oidcApp({ FORM_RATE_LIMIT: '1000' });

describe('discovery promises only what the provider does', () => {
  it('lists RS256 beside ES256 for ID tokens, and a key for each', async () => {
    const meta = t.noteApp.serverMetadata();
    expect(meta.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(['ES256', 'RS256']));
    const { keys } = (await (await fetch(meta.jwks_uri!)).json()) as { keys: { alg: string; kty: string }[] };
    expect(keys.map((k) => k.alg)).toEqual(expect.arrayContaining(['ES256', 'RS256']));
  });

  it('a pushed authorization request is taken from the note app server, and its request_uri signs in', async () => {
    const meta = t.noteApp.serverMetadata();
    expect(meta.pushed_authorization_request_endpoint).toBe(`${t.issuer}/request`);
    const b = browser(t.appUrl);
    await register(b);
    const verifier = oidc.randomPKCECodeVerifier();
    const url = await oidc.buildAuthorizationUrlWithPAR(t.noteApp, {
      redirect_uri: t.redirectUri,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce: 'par-nonce',
    });
    expect(url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const landed = await b.open(url.href);
    expect(landed.url.startsWith(t.redirectUri), landed.url).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(t.noteApp, new URL(landed.url), {
      pkceCodeVerifier: verifier,
      expectedNonce: 'par-nonce',
    });
    expect(tokens.claims()?.nonce).toBe('par-nonce');
  });

  it('advertises no DPoP (the note app holds a client secret) and no other way in', () => {
    const meta = t.noteApp.serverMetadata();
    expect(meta.dpop_signing_alg_values_supported).toBeUndefined();
    expect(meta.registration_endpoint).toBeUndefined();
    expect(meta.request_parameter_supported).toBeUndefined();
    expect(meta.introspection_endpoint).toBeUndefined();
    expect(meta.device_authorization_endpoint).toBeUndefined();
  });
});

describe('the authorization request', () => {
  it('may be a form POST from the note app (OpenID Connect Core 3.1.2.1)', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const authorization = await noteAppAuthorization(t);
    const url = new URL(authorization.url);
    const res = await b.request(`${url.origin}${url.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:9' },
      body: url.searchParams.toString(),
    });
    expect(res.status, await res.clone().text()).toBe(303);
    const landed = await b.open(new URL(res.headers.get('location')!, t.appUrl).href);
    expect(landed.url.startsWith(t.redirectUri), landed.url).toBe(true);
    const tokens = await authorization.exchange(landed.url);
    expect(tokens.claims()?.sub).toBeTruthy();
  });

  it('without redirect_uri is refused with the error page, though the client has only one', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const url = new URL((await noteAppAuthorization(t)).url);
    url.searchParams.delete('redirect_uri');
    const page = await b.open(url.href);
    expect(page.url.startsWith(t.issuer)).toBe(true);
    expect(page.response?.status).toBe(400);
    expect(await page.response!.text()).toContain('redirect_uri');
  });
});

describe('tokens', () => {
  it('an ID token from a refresh carries no nonce; the first one does', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    expect(tokens.claims()?.nonce).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    expect(refreshed.claims()).toMatchObject({ sub: tokens.claims()!.sub });
    expect(refreshed.claims()).not.toHaveProperty('nonce');
  });
});

describe('signing out from the note app', () => {
  it('may be a form POST from the note app (RP-Initiated Logout 2)', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    const res = await b.request(`${t.issuer}/session/end`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:9' },
      body: new URLSearchParams({
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: t.postLogoutUri,
        state: 'back',
      }).toString(),
    });
    // The same request by GET, in this browser.
    expect(res.status).toBe(303);
    const page = await b.open(new URL(res.headers.get('location')!, t.appUrl).href);
    expect(page.response?.status).toBe(200);
    expect(await page.response!.text()).toContain('Sign out of ChairNotes too?');
  });
});

describe('what the database keeps', () => {
  it('no live code, access or refresh token, as an id or in a payload', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const { tokens, callbackUrl } = await signInToNoteApp(t, b);
    const code = new URL(callbackUrl).searchParams.get('code')!;
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    const live = [
      code,
      tokens.access_token,
      tokens.refresh_token!,
      refreshed.access_token,
      refreshed.refresh_token!,
    ];
    const rows = await t.db.execute<{ model: string; id: string; payload: string }>(
      sql`select model, id, payload::text as payload from oidc_models`,
    );
    const models = new Set(rows.rows.map((r) => r.model));
    expect([...models]).toEqual(expect.arrayContaining(['AuthorizationCode', 'AccessToken', 'RefreshToken']));
    for (const row of rows.rows)
      for (const token of live) {
        expect(row.id, row.model).not.toBe(token);
        expect(row.payload, row.model).not.toContain(token);
      }
    // Still found by their value: the new refresh token refreshes, the old one is refused, userinfo
    // answers to the access token, and revocation finds the token it is handed.
    const info = await oidc.fetchUserInfo(t.noteApp, refreshed.access_token, tokens.claims()!.sub);
    expect(info.sub).toBe(tokens.claims()!.sub);
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!))).toBe('invalid_grant');
    const again = await signInToNoteApp(t, b);
    await oidc.tokenRevocation(t.noteApp, again.tokens.refresh_token!);
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, again.tokens.refresh_token!))).toBe(
      'invalid_grant',
    );
  });
});

describe('userinfo', () => {
  it('carries exactly the claims docs/note-app-integration.md lists for it; no practice is no claim, not null', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    const info = await oidc.fetchUserInfo(t.noteApp, tokens.access_token, tokens.claims()!.sub);
    expect(Object.keys(info).sort()).toEqual(
      ['email', 'email_verified', 'name', 'note_app_access', 'plan', 'preferred_username', 'sub'].sort(),
    );
    expect(tokens.claims()).not.toHaveProperty('practice');
  });
});
