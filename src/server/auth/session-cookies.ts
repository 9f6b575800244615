import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionKind, SessionStore } from './sessions';

export type CookieOptions = { secure: boolean };

const SESSION_COOKIE: Record<SessionKind, string> = { user: 'cn_session', admin: 'cn_admin_session' };

/**
 * Over https the session cookies are `__Host-` prefixed: the browser then accepts them only Secure,
 * for path /, and from this host itself (no sibling subdomain can plant or override one). Browsers
 * refuse the prefix on http, so a local install keeps the plain names.
 */
export function sessionCookieName(kind: SessionKind, opts: CookieOptions): string {
  return opts.secure ? `__Host-${SESSION_COOKIE[kind]}` : SESSION_COOKIE[kind];
}

/**
 * Beside each HttpOnly session cookie, a readable marker that says only "a session exists". The client
 * skips the session check when it is absent, so a signed-out visitor's page makes no request that
 * answers 401 (Lighthouse counts that as a console error) and paints sooner. It grants nothing, so it
 * keeps its plain name (the client reads it by that name) but follows the session's lifetime.
 */
const SIGNED_IN_MARKER: Record<SessionKind, string> = {
  user: 'cn_signed_in',
  admin: 'cn_admin_signed_in',
};

export function setSessionCookie(
  reply: FastifyReply,
  kind: SessionKind,
  token: string,
  expiresAt: Date,
  opts: CookieOptions,
) {
  // Max-Age as well as Expires: Max-Age does not depend on the browser's clock being right.
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  const base = { sameSite: 'lax', path: '/', secure: opts.secure, expires: expiresAt, maxAge } as const;
  reply.setCookie(sessionCookieName(kind, opts), token, { ...base, httpOnly: true });
  reply.setCookie(SIGNED_IN_MARKER[kind], '1', { ...base, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind, opts: CookieOptions) {
  const base = { sameSite: 'lax', path: '/', secure: opts.secure } as const;
  reply.clearCookie(sessionCookieName(kind, opts), { ...base, httpOnly: true });
  reply.clearCookie(SIGNED_IN_MARKER[kind], { ...base, httpOnly: false });
}

/**
 * The Set-Cookie values that clear the session cookies of `kind`, for an answer Fastify does not send
 * (the OpenID Provider's, oidc/routes.ts).
 */
export function clearingSessionCookies(
  app: FastifyInstance,
  kind: SessionKind,
  opts: CookieOptions,
): string[] {
  const base = { sameSite: 'lax', path: '/', secure: opts.secure, expires: new Date(0), maxAge: 0 } as const;
  return [
    app.serializeCookie(sessionCookieName(kind, opts), '', { ...base, httpOnly: true }),
    app.serializeCookie(SIGNED_IN_MARKER[kind], '', { ...base, httpOnly: false }),
  ];
}

export function sessionToken(
  request: FastifyRequest,
  kind: SessionKind,
  opts: CookieOptions,
): string | undefined {
  const token = request.cookies[sessionCookieName(kind, opts)];
  // Our tokens are 27 base64url characters; anything else is not worth a database look-up.
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : undefined;
}

/** Validates the session cookie of `kind`, renewing the cookie when the session slid forward. */
export async function currentSession<K extends SessionKind>(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: K,
  store: SessionStore<K>,
  opts: CookieOptions,
) {
  const token = sessionToken(request, kind, opts);
  if (!token) return null;
  const session = await store.validate(token);
  if (!session) {
    clearSessionCookie(reply, kind, opts);
    return null;
  }
  if (session.renewed) setSessionCookie(reply, kind, token, session.expiresAt, opts);
  return { ...session, token };
}
