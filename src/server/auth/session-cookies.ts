import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type SessionKind, type SessionStore } from './sessions';

export type CookieOptions = { secure: boolean };

/**
 * Beside each HttpOnly session cookie, a readable marker that says only "a session exists". The client
 * skips the session check when it is absent, so a signed-out visitor's page makes no request that
 * answers 401 (Lighthouse counts that as a console error) and paints sooner. It grants nothing.
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
  const base = { sameSite: 'lax', path: '/', secure: opts.secure, expires: expiresAt } as const;
  reply.setCookie(SESSION_COOKIE[kind], token, { ...base, httpOnly: true });
  reply.setCookie(SIGNED_IN_MARKER[kind], '1', { ...base, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind, opts: CookieOptions) {
  const base = { sameSite: 'lax', path: '/', secure: opts.secure } as const;
  reply.clearCookie(SESSION_COOKIE[kind], { ...base, httpOnly: true });
  reply.clearCookie(SIGNED_IN_MARKER[kind], { ...base, httpOnly: false });
}

export function sessionToken(request: FastifyRequest, kind: SessionKind): string | undefined {
  const token = request.cookies[SESSION_COOKIE[kind]];
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
  const token = sessionToken(request, kind);
  if (!token) return null;
  const session = await store.validate(token);
  if (!session) {
    clearSessionCookie(reply, kind, opts);
    return null;
  }
  if (session.renewed) setSessionCookie(reply, kind, token, session.expiresAt, opts);
  return { owner: session.owner, token };
}
