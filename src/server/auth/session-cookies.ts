import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type SessionKind, type SessionStore } from './sessions';

export type CookieOptions = { secure: boolean };

export function setSessionCookie(
  reply: FastifyReply,
  kind: SessionKind,
  token: string,
  expiresAt: Date,
  opts: CookieOptions,
) {
  reply.setCookie(SESSION_COOKIE[kind], token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: opts.secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind, opts: CookieOptions) {
  reply.clearCookie(SESSION_COOKIE[kind], {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: opts.secure,
  });
}

export function sessionToken(request: FastifyRequest, kind: SessionKind): string | undefined {
  const token = request.cookies[SESSION_COOKIE[kind]];
  // Our tokens are 27 base64url characters; anything else is not worth a database look-up.
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : undefined;
}

/** Validates the session cookie of `kind`, renewing the cookie when the session slid forward. */
export async function currentSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  store: SessionStore,
  opts: CookieOptions,
): Promise<{ subjectId: number; token: string } | null> {
  const token = sessionToken(request, kind);
  if (!token) return null;
  const session = await store.validate(token);
  if (!session) {
    clearSessionCookie(reply, kind, opts);
    return null;
  }
  if (session.renewed) setSessionCookie(reply, kind, token, session.expiresAt, opts);
  return { subjectId: session.subjectId, token };
}
