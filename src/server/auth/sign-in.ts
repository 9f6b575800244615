import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests, unauthorized } from '../lib/http-error';
import { verifyPassword } from './password';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookies';
import type { SessionKind } from './sessions';

// What user and admin sign-in share: the password check, and a session under the kind's own cookie.

/**
 * The account a login names, when the password is right. One answer for an unknown name and a wrong
 * password, after the same amount of work. Failures are counted per account (an unknown name counts as
 * one too, so the throttle does not tell which names exist): past the allowance, 429 until its delay ends.
 */
export async function verifyLogin<T extends { id: number; password: string }>(
  ctx: Pick<AppContext, 'signInThrottle'>,
  kind: SessionKind,
  findByLogin: (login: string) => Promise<T | undefined>,
  login: string,
  password: string,
): Promise<T> {
  const account = await findByLogin(login);
  const throttleKey = account ? `${kind}:${account.id}` : `${kind}:unknown:${login.trim().toLowerCase()}`;
  const { signInThrottle } = ctx;
  const wait = await signInThrottle.waitMs(throttleKey);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000);
    throw tooManyRequests(
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
  const ok = await verifyPassword(account?.password, password);
  if (!account || !ok) {
    await signInThrottle.failed(throttleKey);
    throw unauthorized('Invalid username or password');
  }
  await signInThrottle.succeeded(throttleKey);
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
  const old = sessionToken(request, kind, cookie);
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
  const token = sessionToken(request, kind, cookie);
  if (token) await sessions[kind].end(token);
  clearSessionCookie(reply, kind, cookie);
}
