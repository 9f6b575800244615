import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { describe, expect, it, vi } from 'vitest';
import { databaseAdapter } from '../../src/server/oidc/adapter';
import { oidcRepo } from '../../src/server/oidc/oidc-repo';
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
import { enrolTotp } from '../support/two-factor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// What the OpenID Foundation's basic certification plan checks of a provider for a confidential
// code-flow client with PKCE, and what discovery promises, tested with openid-client against the
// running server (docs/decisions/069-openid-conformance.md).
const logLines: string[] = [];
const t = await oidcApp({ FORM_RATE_LIMIT: '1000', LOG_LEVEL: 'info' }, undefined, {
  logStream: { write: (line) => logLines.push(line) },
});

/** The request log's line for the request `res` answered (written once the answer is sent). */
async function logLineOf(res: Response): Promise<{ req: { url: string } }> {
  const reqId = res.headers.get('x-request-id');
  expect(reqId).toBeTruthy();
  return vi.waitFor(() => {
    const line = logLines
      .map((text) => JSON.parse(text) as { reqId?: string; msg?: string; req: { url: string } })
      .find((entry) => entry.reqId === reqId && entry.msg === 'request completed');
    if (!line) throw new Error(`no log line yet for ${reqId}`);
    return line;
  });
}

/** The origins a page's forms may be sent to (its CSP's form-action). */
const formAction = (res: Response) =>
  /(?:^|;)\s*form-action ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ??
  [];

const basicAuth = (secret = NOTE_APP.clientSecret) =>
  `Basic ${Buffer.from(`${NOTE_APP.clientId}:${secret}`).toString('base64')}`;

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

  it('says how the revocation endpoint takes the client secret, and it takes it both ways', async () => {
    const meta = t.noteApp.serverMetadata();
    expect(meta.revocation_endpoint_auth_methods_supported).toEqual([
      'client_secret_basic',
      'client_secret_post',
    ]);
    const revoke = (headers: Record<string, string>, body: Record<string, string>) =>
      fetch(meta.revocation_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ token: 'a-token-long-gone', ...body }).toString(),
      });
    expect((await revoke({ authorization: basicAuth() }, {})).status).toBe(200);
    const posted = { client_id: NOTE_APP.clientId, client_secret: NOTE_APP.clientSecret };
    expect((await revoke({}, posted)).status).toBe(200);
    expect((await revoke({ authorization: basicAuth('a-guess-at-the-secret') }, {})).status).toBe(401);
  });

  it('the token, revocation and PAR endpoints refuse a request that a browser sent (it has an Origin), as docs/note-app-integration.md says', async () => {
    const meta = t.noteApp.serverMetadata();
    for (const [endpoint, body] of [
      [meta.token_endpoint!, { grant_type: 'refresh_token', refresh_token: 'anything' }],
      [meta.revocation_endpoint!, { token: 'anything' }],
      [
        meta.pushed_authorization_request_endpoint!,
        {
          response_type: 'code',
          scope: 'openid',
          redirect_uri: t.redirectUri,
          code_challenge: 'x'.repeat(43),
          code_challenge_method: 'S256',
        },
      ],
    ] as const) {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basicAuth(),
          origin: 'http://127.0.0.1:9',
        },
        body: new URLSearchParams(body).toString(),
      });
      expect(res.status, endpoint).toBe(400);
      expect(await res.json(), endpoint).toMatchObject({
        error: 'invalid_request',
        error_description: expect.stringContaining('origin'),
      });
    }
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
    // The subject is the person's public id, never their row id or username.
    expect(tokens.claims()?.sub).toMatch(UUID);
  });

  it("answered with response_mode=form_post, its page may post the code to the note app's callback", async () => {
    const b = browser(t.appUrl);
    await register(b);
    const authorization = await noteAppAuthorization(t, { response_mode: 'form_post' });
    const page = await b.open(authorization.url);
    expect(page.response?.status).toBe(200);
    const html = await page.response!.text();
    expect(/<form method="post" action="([^"]+)"/.exec(html)?.[1]).toBe(t.redirectUri);
    expect(formAction(page.response!)).toContain(new URL(t.redirectUri).origin);
    // The code it posts signs in, as from a redirect.
    const code = /name="code" value="([^"]+)"/.exec(html)![1]!;
    const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
    const callback = new URL(t.redirectUri);
    callback.search = new URLSearchParams({ code, state, iss: t.issuer }).toString();
    expect((await authorization.exchange(callback.href)).claims()?.sub).toMatch(UUID);
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
    // The nonce the note app sent (openid-client's randomNonce: 32 random bytes, base64url).
    expect(tokens.claims()?.nonce).toMatch(/^[\w-]{43}$/);
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

describe('a sign-out request that cannot go on', () => {
  it('shows an error page that says it is the sign-out that failed', async () => {
    const b = browser(t.appUrl);
    // A way back the note app never registered; an ID token that is not ChairNotes'. Asked for by a
    // browser, which accepts a page.
    const queries: Record<string, string>[] = [
      { client_id: NOTE_APP.clientId, post_logout_redirect_uri: 'https://evil.example/' },
      { id_token_hint: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    ];
    for (const query of queries) {
      const page = await b.request(`${t.issuer}/session/end?${new URLSearchParams(query)}`, {
        headers: { accept: 'text/html' },
      });
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain('We could not sign you out of the note app');
      expect(html).not.toContain('sign you in');
    }
  });
});

describe('the request log', () => {
  it("names the path the browser asked for, the provider's under /oidc, with its secrets hidden", async () => {
    const b = browser(t.appUrl);
    await register(b);
    const authorization = await noteAppAuthorization(t, { login_hint: 'dr.jones@example.co.uk' });
    const res = await b.request(authorization.url);
    const { url } = (await logLineOf(res)).req;
    expect(url).toMatch(/^\/oidc\/auth\?/);
    expect(url).toContain('state=[redacted]');
    expect(url).not.toContain('dr.jones');
  });

  it("keeps a sign-out's logout_hint (often the person's email) out of it", async () => {
    const b = browser(t.appUrl);
    const res = await b.request(
      `${t.issuer}/session/end?client_id=${NOTE_APP.clientId}&logout_hint=${encodeURIComponent('dr.jones@example.co.uk')}`,
    );
    const { url } = (await logLineOf(res)).req;
    expect(url).not.toContain('dr.jones');
    expect(url).toContain('logout_hint=[redacted]');
  });
});

describe('a refresh token used twice', () => {
  it('is refused, and every token of that sign-in goes with it, as docs/note-app-integration.md warns', async () => {
    const b = browser(t.appUrl);
    await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    const refreshed = await oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!);
    // A second tab refreshes with the token the first has just used.
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, tokens.refresh_token!))).toBe('invalid_grant');
    expect(await oauthError(oidc.refreshTokenGrant(t.noteApp, refreshed.refresh_token!))).toBe(
      'invalid_grant',
    );
    const userinfo = await fetch(`${t.issuer}/me`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(userinfo.status).toBe(401);
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

describe('migration 0018 (OpenID tokens hashed)', () => {
  it('hashes the tokens stored raw before it, which are still found by their value', async () => {
    const raw = `raw-refresh-token-${Date.now()}`;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const payload = { jti: raw, kind: 'RefreshToken', nonce: 'old-nonce', grantId: 'g-0023', exp };
    await t.db.execute(sql`
      insert into oidc_models (model, id, payload, grant_id, expires_at)
      values ('RefreshToken', ${raw}, ${JSON.stringify(payload)}::jsonb, 'g-0023', now() + interval '1 hour')`);
    const [, hashing] = readFileSync('src/server/db/migrations/0018_oidc_hashed_tokens.sql', 'utf8').split(
      '--> statement-breakpoint',
    );
    await t.db.execute(sql.raw(hashing!));

    const rows = await t.db.execute<{ id: string; payload: Record<string, unknown> }>(
      sql`select id, payload from oidc_models where grant_id = 'g-0023'`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.id).not.toBe(raw);
    expect(rows.rows[0]!.payload).not.toHaveProperty('jti');
    expect(rows.rows[0]!.payload).not.toHaveProperty('nonce');
    const Adapter = databaseAdapter(oidcRepo(t.db), () => undefined);
    expect(await new Adapter('RefreshToken').find(raw)).toMatchObject({ jti: raw, grantId: 'g-0023' });
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

/** The back-channel logouts the note app received for `sub` (their payloads, unverified). */
async function logoutsFor(sub: string) {
  return t.backchannel.received.map((token) => decodeJwt(token)).filter((payload) => payload.sub === sub);
}

/** The person signed in `seconds` ago, as far as ChairNotes knows. */
async function provedAgo(userId: number, seconds: number) {
  await t.db.execute(
    sql`update user_sessions set created_at = now() - make_interval(secs => ${seconds}),
      reauthenticated_at = now() - make_interval(secs => ${seconds}) where user_id = ${userId}`,
  );
}

/** Where the flow leaves the app: the note app's callback, or the sign-in page asking for a fresh proof. */
async function startFlow(b: Browser, extra: Record<string, string>) {
  const authorization = await noteAppAuthorization(t, extra);
  const landed = await b.open(authorization.url);
  return { authorization, landed: new URL(landed.url) };
}

describe('a fresh sign-in when the note app asks (prompt=login, max_age)', () => {
  it('prompt=login asks for the password again, the note app session goes on, and auth_time is the new sign-in', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const first = await signInToNoteApp(t, b);
    await provedAgo(user.id, 300);
    const cookieBefore = b.jar.get('cn_session')?.value;

    const { authorization, landed } = await startFlow(b, { prompt: 'login' });
    // Signed in, but not freshly: the sign-in page, asking again, with the way back into the flow.
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('prompt')).toBe('login');
    const back = landed.searchParams.get('redirect')!;
    expect(back).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);
    // Coming back without signing in again changes nothing: still asked.
    expect(new URL((await b.open(back)).url).pathname).toBe('/auth');

    const signedInAt = Math.floor(Date.now() / 1000);
    const login = await b.post('/api/login', { username: user.username, password: user.password });
    expect(login.status).toBe(200);
    const done = await b.open(back);
    expect(done.url.startsWith(t.redirectUri), done.url).toBe(true);
    const tokens = await authorization.exchange(done.url);
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(first.tokens.claims()!.sub);
    expect(claims.auth_time).toBeGreaterThanOrEqual(signedInAt);
    expect(claims.amr).toEqual(['pwd']);
    // A new ChairNotes session token (as at every sign-in), and the note app's session goes on with
    // it: no back-channel logout, and its earlier refresh token still works.
    expect(b.jar.get('cn_session')?.value).not.toBe(cookieBefore);
    expect((await b.request('/api/user')).status).toBe(200);
    await t.app.ctx.noteAppLogout.sweep();
    expect(await logoutsFor(claims.sub)).toEqual([]);
    await expect(oidc.refreshTokenGrant(t.noteApp, first.tokens.refresh_token!)).resolves.toMatchObject({
      access_token: expect.any(String),
    });
  });

  it('with a second factor on, the password alone is not enough: the code too, and amr says so', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const totp = await enrolTotp(asClient(b) as never, '/api/user');
    await provedAgo(user.id, 300);

    const { authorization, landed } = await startFlow(b, { prompt: 'login' });
    expect(landed.pathname).toBe('/auth');
    const back = landed.searchParams.get('redirect')!;
    const login = await b.post('/api/login', { username: user.username, password: user.password });
    expect(await login.json()).toMatchObject({ twoFactorRequired: true });
    expect(new URL((await b.open(back)).url).pathname).toBe('/auth');
    expect((await b.post('/api/login/2fa', { code: await totp.code() })).status).toBe(200);

    const done = await b.open(back);
    expect(done.url.startsWith(t.redirectUri), done.url).toBe(true);
    const claims = (await authorization.exchange(done.url)).claims()!;
    expect(claims.amr).toEqual(['pwd', 'otp']);
    expect(claims.auth_time).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 60);
  });

  it('max_age: a proof older than it asks for a sign-in; a recent one goes straight through with its own auth_time', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    await provedAgo(user.id, 300);

    // Five minutes is within ten: straight through, auth_time five minutes ago.
    const within = await startFlow(b, { max_age: '600' });
    expect(within.landed.href.startsWith(t.redirectUri), within.landed.href).toBe(true);
    const recent = (await within.authorization.exchange(within.landed.href)).claims()!;
    expect(recent.auth_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 290);

    // Not within one minute: asked again, then auth_time is the new sign-in, which the note app checks.
    const { authorization, landed } = await startFlow(b, { max_age: '60' });
    expect(landed.pathname).toBe('/auth');
    expect((await b.post('/api/login', { username: user.username, password: user.password })).status).toBe(
      200,
    );
    const done = await b.open(landed.searchParams.get('redirect')!);
    expect(done.url.startsWith(t.redirectUri), done.url).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(t.noteApp, new URL(done.url), {
      pkceCodeVerifier: authorization.verifier,
      expectedState: authorization.state,
      expectedNonce: authorization.nonce,
      maxAge: 60,
    });
    expect(tokens.claims()!.auth_time).toBeGreaterThan(recent.auth_time!);
  });

  it('prompt=none with a max_age older than the last sign-in answers login_required', async () => {
    const b = browser(t.appUrl);
    const user = await register(b);
    const { tokens } = await signInToNoteApp(t, b);
    await provedAgo(user.id, 300);
    // The provider's own record of that sign-in, five minutes back too.
    await t.db.execute(sql`
      update oidc_models set payload = jsonb_set(payload, '{loginTs}', to_jsonb((payload->>'loginTs')::int - 300))
      where model = 'Session' and account_id = ${tokens.claims()!.sub}`);

    const { landed } = await startFlow(b, { prompt: 'none', max_age: '60' });
    expect(landed.href.startsWith(t.redirectUri), landed.href).toBe(true);
    expect(landed.searchParams.get('error')).toBe('login_required');
    // Within the age, prompt=none goes through.
    const ok = await startFlow(b, { prompt: 'none', max_age: '600' });
    expect(ok.landed.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });
});
