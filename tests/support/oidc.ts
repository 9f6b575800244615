import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, expect } from 'vitest';
import { freePort } from '../../scripts/support.mjs';
import type { BuildOptions } from '../../src/server/app';
import { newUser, stripeApp } from './app';
import { emailLinkToken } from './smtp';

/**
 * The note app as OpenID Connect sees it (docs/architecture.md#note-app-sign-in), for the API tests: the app listens on
 * a real port (openid-client speaks HTTP), a browser is a cookie jar over fetch, and the note app is
 * openid-client, the certified relying-party library, with a back-channel logout endpoint of its own.
 */

export const NOTE_APP = { clientId: 'note-app', clientSecret: 'note-app-secret-of-at-least-32-characters' };
const SCOPE = 'openid email profile subscription';

/** A small HTTP server standing in for the note app's back-channel logout endpoint. */
async function startBackchannelReceiver() {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (req.method === 'POST' && token) received.push(token);
      res.writeHead(token ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/backchannel-logout`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The app with payments (fake Stripe) and the note app configured, listening; closed after the file.
 * `port`: where it listens, when another server must know its address first (the stand-in Microsoft).
 */
export async function oidcApp(
  env: Record<string, string> = {},
  port?: number,
  opts: Pick<BuildOptions, 'logStream'> = {},
) {
  port ??= await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const backchannel = await startBackchannelReceiver();
  afterAll(() => backchannel.close());
  const redirectUri = 'http://127.0.0.1:9/note-app/callback';
  // On another origin than the callback, as a note app may have them: the provider's pages must allow
  // a form to go to either.
  const postLogoutUri = 'http://localhost:9/note-app/signed-out';
  const t = await stripeApp(
    {
      APP_URL: appUrl,
      NOTE_APP_CLIENT_ID: NOTE_APP.clientId,
      NOTE_APP_CLIENT_SECRET: NOTE_APP.clientSecret,
      NOTE_APP_REDIRECT_URIS: redirectUri,
      NOTE_APP_POST_LOGOUT_REDIRECT_URIS: postLogoutUri,
      NOTE_APP_BACKCHANNEL_LOGOUT_URI: backchannel.url,
      ...env,
    },
    opts,
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  const issuer = `${appUrl}/oidc`;
  const noteApp = await oidc.discovery(new URL(issuer), NOTE_APP.clientId, NOTE_APP.clientSecret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
  return { ...t, appUrl, issuer, redirectUri, postLogoutUri, backchannel, noteApp };
}

export type OidcApp = Awaited<ReturnType<typeof oidcApp>>;

type Cookie = { value: string; expires: number | null };

/**
 * A browser: keeps cookies, sends our Origin on writes, and follows redirects itself, stopping where
 * they leave the app (at the note app's callback). `onResponse` sees every response, redirects too.
 */
export function browser(appUrl: string, onResponse: (url: string, res: Response) => void = () => {}) {
  const jar = new Map<string, Cookie>();
  const cookieHeader = () =>
    [...jar]
      .filter(([, c]) => c.expires === null || c.expires > Date.now())
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  function remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let expires: number | null = null;
      for (const attribute of attributes) {
        const [key = '', v = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') expires = Date.now() + Number(v) * 1000;
        if (key.toLowerCase() === 'expires' && expires === null) expires = Date.parse(v);
      }
      if (!value || (expires !== null && expires <= Date.now())) jar.delete(name);
      else jar.set(name, { value, expires });
    }
    return res;
  }
  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookieHeader());
    // A write carries our Origin, unless the caller names another (a form posted from the note app).
    if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', appUrl);
    const res = await fetch(new URL(url, appUrl), { ...init, headers, redirect: 'manual' });
    onResponse(new URL(url, appUrl).href, res);
    return remember(res);
  }
  return {
    jar,
    request,
    async post(path: string, body: Record<string, unknown>) {
      return request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
    /**
     * Opens `url` and follows its redirects within the app. Answers the last response and its URL,
     * or, when a redirect leaves the app, that URL with no response (the note app's callback).
     */
    async open(url: string): Promise<{ url: string; response: Response | null }> {
      let current = new URL(url, appUrl).href;
      for (let hop = 0; hop < 20; hop++) {
        if (!current.startsWith(appUrl)) return { url: current, response: null };
        const response = await request(current);
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
        current = new URL(location, current).href;
      }
      throw new Error(`too many redirects from ${url}`);
    },
  };
}

export type Browser = ReturnType<typeof browser>;

/** Registers someone through the API in `b` (signed in afterwards). */
export async function register(b: Browser) {
  const user = newUser();
  const res = await b.post('/api/register', user);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { ...user, id: ((await res.json()) as { id: number }).id };
}

/** Someone registered in a browser of their own, their address verified from the mail `smtp` caught. */
export async function verifiedPerson(
  t: OidcApp,
  smtp: { waitFor(to: string, subject: string): Promise<{ text: string }> },
) {
  const b = browser(t.appUrl);
  const user = await register(b);
  const token = emailLinkToken((await smtp.waitFor(user.email, 'Verify')).text);
  expect((await b.post('/api/user/verify-email', { token })).status).toBe(200);
  return { ...user, b };
}

/** `b` subscribes to `planId` and its card is confirmed at the fake Stripe: the trial runs. */
export async function subscribeInBrowser(t: OidcApp, b: Browser, planId: 'pro' | 'clinic') {
  const res = await b.post('/api/create-subscription', { planId });
  const body = (await res.json()) as { clientSecret: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  await t.deliverAll(t.fake.confirmSetupIntent(body.clientSecret.split('_secret_')[0]!));
}

/**
 * The note app starts a sign-in: the URL it sends the browser to (with PKCE, a state and a nonce), and
 * how it finishes at its callback (exchanging the code; `verifier` replaces its own, as a forger would).
 */
export async function noteAppAuthorization(t: OidcApp, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(t.noteApp, {
    redirect_uri: t.redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return {
    url: url.href,
    verifier,
    state,
    nonce,
    exchange: (callbackUrl: string, config = t.noteApp, pkceCodeVerifier = verifier) =>
      oidc.authorizationCodeGrant(config, new URL(callbackUrl), {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: nonce,
      }),
  };
}

/** The whole sign-in of a browser already signed in to ChairNotes: the note app's tokens. */
export async function signInToNoteApp(t: OidcApp, b: Browser, extra: Record<string, string> = {}) {
  const authorization = await noteAppAuthorization(t, extra);
  const landed = await b.open(authorization.url);
  if (!landed.url.startsWith(t.redirectUri))
    throw new Error(`the flow ended at ${landed.url} (${landed.response?.status}), not at the note app`);
  const tokens = await authorization.exchange(landed.url);
  return { tokens, callbackUrl: landed.url, authorization };
}

/** The browser as tests/support/app.ts's client looks (statusCode, body, json), for its helpers. */
export function asClient(b: Browser) {
  const answer = async (res: Response) => {
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) };
  };
  return {
    post: async (url: string, body: Record<string, unknown> = {}) => answer(await b.post(url, body)),
    get: async (url: string) => answer(await b.request(url)),
  };
}

/**
 * The note app's whole sign-in with ChairNotes at `appUrl` (a load balancer in front of instances that
 * name themselves in x-served-by): a signed-out person is sent to /auth, signs in, comes back with a
 * code; the note app exchanges it, reads userinfo and refreshes. Answers which instance served each
 * step, in order.
 */
export async function signInAcrossInstances(appUrl: string, redirectUri: string) {
  // Which instance answered each request of the flow, in order, from the browser and the note app.
  const steps: { what: string; servedBy: string }[] = [];
  const record = (url: string, res: Response) => {
    const servedBy = res.headers.get('x-served-by');
    if (servedBy) steps.push({ what: `${res.status} ${new URL(url).pathname}`, servedBy });
  };
  const noteApp = await oidc.discovery(
    new URL(`${appUrl}/oidc`),
    NOTE_APP.clientId,
    NOTE_APP.clientSecret,
    undefined,
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  noteApp[oidc.customFetch] = async (url, options) => {
    const res = await fetch(url, options as RequestInit);
    record(url, res);
    return res;
  };

  const b = browser(appUrl, record);
  const user = newUser();
  expect((await b.post('/api/register', user)).status).toBe(201);
  expect((await b.post('/api/logout', {})).status).toBe(200);
  steps.length = 0;

  // The note app sends the signed-out person to ChairNotes...
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(noteApp, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const atAuth = new URL((await b.open(url.href)).url);
  expect(atAuth.pathname).toBe('/auth');
  // ...who signs in on /auth and is sent back into the flow, which ends at the note app.
  expect((await b.post('/api/login', { username: user.username, password: user.password })).status).toBe(200);
  const landed = await b.open(atAuth.searchParams.get('redirect')!);
  expect(landed.url.startsWith(redirectUri), landed.url).toBe(true);

  const tokens = await oidc.authorizationCodeGrant(noteApp, new URL(landed.url), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  const claims = tokens.claims()!;
  expect(claims).toMatchObject({
    email: user.email,
    preferred_username: user.username,
    note_app_access: false,
  });
  const info = await oidc.fetchUserInfo(noteApp, tokens.access_token, claims.sub);
  expect(info).toMatchObject({ email: user.email });
  const refreshed = await oidc.refreshTokenGrant(noteApp, tokens.refresh_token!);
  expect(refreshed.claims()).toMatchObject({ sub: claims.sub });

  return steps;
}

/** openid-client's error for a refused request: its OAuth error code. */
export async function oauthError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as { error?: string; code?: string }).error ?? (err as Error).message;
  }
  throw new Error('the request was not refused');
}
