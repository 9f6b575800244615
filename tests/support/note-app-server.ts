// A stand-in for the note app, for the browser tests (scripts/run-e2e.mjs bundles it): a relying party
// built on openid-client, the certified library, as docs/note-app-integration.md tells the note app's
// developers to build theirs. It signs people in with ChairNotes (code flow with PKCE), shows who is
// signed in and whether they may use it, and takes back-channel logouts, which GET /logouts lists for
// the tests.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';

const port = Number(process.env.NOTE_APP_PORT ?? 5057);
const issuer = new URL(process.env.NOTE_APP_ISSUER ?? 'http://localhost:5055/oidc');
const clientId = process.env.NOTE_APP_CLIENT_ID ?? 'note-app';
const clientSecret = process.env.NOTE_APP_CLIENT_SECRET ?? '';
const base = `http://localhost:${port}`;
const redirectUri = `${base}/callback`;
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
// Cookies are not kept apart by port: names of our own, so ChairNotes' cookies on localhost never clash.
const SESSION_COOKIE = 'noteapp_session';
const FLOW_COOKIE = 'noteapp_flow';

/** ChairNotes may start after this server: discovery waits for the first person, and is tried again after a failure. */
let discovered:
  | Promise<{ config: oidc.Configuration; jwks: ReturnType<typeof createRemoteJWKSet> }>
  | undefined;
function provider() {
  discovered ??= oidc
    .discovery(issuer, clientId, clientSecret, undefined, { execute: [oidc.allowInsecureRequests] })
    .then((config) => ({ config, jwks: createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!)) }))
    .catch((error) => {
      discovered = undefined;
      throw error;
    });
  return discovered;
}

type Flow = { verifier: string; state: string; nonce: string };
type Session = { sub: string; sid?: string; claims: oidc.IDToken; refreshToken?: string };
const flows = new Map<string, Flow>();
const sessions = new Map<string, Session>();
const logouts: { sub?: string; sid?: string }[] = [];

const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

/**
 * Sends the person to ChairNotes to sign in, as the note app does for anyone without a session;
 * `extra`: `{prompt: 'login'}` asks for a fresh sign-in (before patient records, say).
 */
async function startSignIn(res: ServerResponse, extra: Record<string, string> = {}) {
  const { config } = await provider();
  const flow = {
    verifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
  };
  flows.set(flow.state, flow);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile subscription',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ...extra,
  });
  res.writeHead(302, {
    location: url.href,
    'set-cookie': `${FLOW_COOKIE}=${flow.state}; Path=/; HttpOnly; SameSite=Lax`,
  });
  res.end();
}

async function callback(req: IncomingMessage, res: ServerResponse) {
  const flow = flows.get(cookie(req, FLOW_COOKIE) ?? '');
  if (!flow) return page(res, 400, 'Sign-in failed', '<p>No sign-in was started here.</p>');
  flows.delete(flow.state);
  const { config } = await provider();
  const tokens = await oidc.authorizationCodeGrant(config, new URL(req.url!, base), {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
  });
  const claims = tokens.claims()!;
  const id = randomBytes(16).toString('hex');
  sessions.set(id, {
    sub: claims.sub,
    sid: claims.sid as string | undefined,
    claims,
    refreshToken: tokens.refresh_token,
  });
  res.writeHead(302, {
    location: '/',
    'set-cookie': [
      `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`,
      `${FLOW_COOKIE}=; Path=/; Max-Age=0`,
    ],
  });
  res.end();
}

function home(session: Session, res: ServerResponse) {
  const { claims } = session;
  const practice = claims.practice as { name: string; role: string; retention_days?: number } | undefined;
  page(
    res,
    200,
    'ChairNotes note app',
    `<p>Signed in as ${escapeHtml(claims.preferred_username)} - access ${claims.note_app_access ? 'yes' : 'no'}</p>` +
      // Closed by the practice's policy: say why, and where to enrol (docs/note-app-integration.md).
      (claims.access_blocked_reason === 'two_factor_required'
        ? `<p role="alert">Your practice requires a second factor. <a href="${escapeHtml(issuer.origin)}/account?tab=security">Turn one on in ChairNotes</a>.</p>`
        : '') +
      `<p>Account: <span data-testid="sub">${escapeHtml(claims.sub)}</span></p>` +
      `<p>Email: ${escapeHtml(claims.email)}</p><p>Plan: ${escapeHtml(claims.plan ?? 'none')}</p>` +
      `<p>Practice: ${practice ? `${escapeHtml(practice.name)} (${escapeHtml(practice.role)}), recordings kept ${escapeHtml(practice.retention_days)} days` : 'none'}</p>` +
      `<p>Signed in with: ${escapeHtml((claims.amr as string[] | undefined)?.join(', '))}</p>` +
      `<p>Proved at: <span data-testid="auth-time">${escapeHtml(claims.auth_time)}</span></p>` +
      '<p><a href="/patient-records">Patient records</a></p>' +
      '<p><a href="/refresh">Check my access again</a></p>',
  );
}

/**
 * The note app's refresh (it refreshes at least every 10 minutes; here on demand): the new ID token's
 * claims replace the old. A refused refresh ends the session, and the person signs in again.
 */
async function refresh(req: IncomingMessage, res: ServerResponse) {
  const id = cookie(req, SESSION_COOKIE) ?? '';
  const session = sessions.get(id);
  if (!session?.refreshToken) return startSignIn(res);
  const { config } = await provider();
  try {
    const tokens = await oidc.refreshTokenGrant(config, session.refreshToken);
    sessions.set(id, {
      ...session,
      claims: tokens.claims() ?? session.claims,
      refreshToken: tokens.refresh_token,
    });
  } catch {
    sessions.delete(id);
  }
  res.writeHead(302, { location: '/' });
  res.end();
}

/** ChairNotes says a session ended: the logout token is verified as OpenID Connect Back-Channel Logout 1.0 requires, then the session goes. */
async function backchannelLogout(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  for await (const chunk of req) body += chunk;
  const token = new URLSearchParams(body).get('logout_token');
  try {
    const { jwks } = await provider();
    const { payload } = await jwtVerify(token ?? '', jwks, { issuer: issuer.href, audience: clientId });
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events?.[BACKCHANNEL_EVENT] || 'nonce' in payload) throw new Error('not a logout token');
    const sid = payload.sid as string | undefined;
    for (const [id, session] of sessions) {
      if ((sid && session.sid === sid) || (!sid && session.sub === payload.sub)) sessions.delete(id);
    }
    logouts.push({ sub: payload.sub, sid });
    res.writeHead(200, { 'cache-control': 'no-store' }).end();
  } catch {
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_request"}');
  }
}

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', base);
  const handle = async () => {
    if (req.method === 'POST' && pathname === '/backchannel-logout') return backchannelLogout(req, res);
    if (req.method !== 'GET') return page(res, 405, 'Not allowed', '');
    if (pathname === '/callback') return callback(req, res);
    // Patient records want a proof of who it is from just now: a fresh sign-in at ChairNotes.
    if (pathname === '/patient-records') return startSignIn(res, { prompt: 'login' });
    if (pathname === '/refresh') return refresh(req, res);
    if (pathname === '/logouts') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(logouts));
    }
    if (pathname !== '/') return page(res, 404, 'Not found', '');
    const session = sessions.get(cookie(req, SESSION_COOKIE) ?? '');
    return session ? home(session, res) : startSignIn(res);
  };
  handle().catch((error: Error) => {
    if (!res.headersSent) page(res, 500, 'Sign-in failed', `<p>${escapeHtml(error.message)}</p>`);
    else res.end();
  });
});
server.listen(port);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
