import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error';
import { verifyPassword } from './password';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookies';
import type { SessionKind } from './sessions';

// What user and admin sign-in share: the password check, and a session under the kind's own cookie.

/**
 * The account a login names, when the password is right. One answer for an unknown name and a wrong
 * password, after the same amount of work.
 */
export async function verifyLogin<T extends { password: string }>(
  findByLogin: (login: string) => Promise<T | undefined>,
  login: string,
  password: string,
): Promise<T> {
  const account = await findByLogin(login);
  const ok = await verifyPassword(account?.password, password);
  if (!account || !ok) throw unauthorized('Invalid username or password');
  return account;
}

/** Opens a session of `kind` and sets its cookie. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  subjectId: number,
): Promise<void> {
  const { sessions, cookie } = request.server.ctx;
  // A new token at every sign-in: a token planted before login (session fixation) is worthless.
  const old = sessionToken(request, kind);
  if (old) await sessions[kind].end(old);
  const { token, expiresAt } = await sessions[kind].create(subjectId);
  setSessionCookie(reply, kind, token, expiresAt, cookie);
}

/** Signs out: the session of `kind`, if any, ends and its cookie goes. */
export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<void> {
  const { sessions, cookie } = request.server.ctx;
  const token = sessionToken(request, kind);
  if (token) await sessions[kind].end(token);
  clearSessionCookie(reply, kind, cookie);
}
