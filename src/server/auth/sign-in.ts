import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { type Client, clientOf } from '../lib/client';
import { unauthorized } from '../lib/http-error';
import { sha256Hex } from '../lib/tokens';
import { type KnownDevice, rememberDevice } from './device-cookies';
import { verifyPassword } from './password';
import { secondFactorMethods } from './second-factors';
import { type EventSubject, securityEventsRepo } from './security-events';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookies';
import type { Amr, SessionKind } from './sessions';
import { signInPassword, throttledAttempt, throttleKey } from './sign-in-throttle';

// What user and admin sign-in share: the password check, and a session under the kind's own cookie.
// Each step is recorded in the account's security events.

export const subjectOf = (kind: SessionKind, id: number): EventSubject =>
  kind === 'user' ? { userId: id } : { adminId: id };

/** The account a login names, and whether its password was right (false only when checked blind). */
export type LoginAccepted<T> = { account: T; passwordRight: boolean };

/**
 * The account a login names, when the password is right. One answer for an unknown name and a wrong
 * password, after the same amount of work. Failures are counted per account (an unknown name counts as
 * one too, so the throttle does not tell which names exist): past the allowance, 429 until its delay ends.
 * While the account is held, an account with a second factor is answered as for a right password
 * whether it was or not (`passwordRight` says which), so its owner can finish with the factor
 * (docs/decisions/072-a-held-account-still-lets-its-owner-in.md). From a browser that signed in to the
 * account before (`device`, its device cookie), the account's hold does not apply: the device's own does.
 */
export async function verifyLogin<T extends { id: number; password: string }>(
  ctx: Pick<AppContext, 'signInThrottle' | 'database' | 'metrics'>,
  kind: SessionKind,
  findByLogin: (login: string) => Promise<T | undefined>,
  { login, password }: { login: string; password: string },
  client: Client,
  device: KnownDevice | null = null,
): Promise<LoginAccepted<T>> {
  const account = await findByLogin(login);
  const key = account ? throttleKey(kind, account.id) : `${kind}:unknown:${login.trim().toLowerCase()}`;
  const { right, blind } = await signInPassword(
    ctx.signInThrottle,
    key,
    client.ip,
    async () =>
      account !== undefined &&
      (await secondFactorMethods(ctx.database.db, { kind, id: account.id })).length > 0,
    async () => (await verifyPassword(account?.password, password)) && account !== undefined,
    // Only a device cookie of this very account counts (docs/decisions/109-device-cookies.md).
    account && device?.account === key ? device.id : undefined,
  );
  if (account && (right || blind)) return { account, passwordRight: right };
  ctx.metrics.signIn(kind, 'password', 'failure');
  // Only an account's owner reads its events: a failure on a name nobody has goes nowhere.
  if (account)
    await securityEventsRepo(ctx.database.db).record(subjectOf(kind, account.id), 'sign_in_failed', client);
  throw unauthorized('Invalid username or password');
}

/**
 * The current password a signed-in person gives for a sensitive change (email, password, deleting the
 * account). Its failures count against the same per-account throttle as sign-in, and it is held with
 * sign-in: otherwise a stolen session could guess the password without limit, from any address.
 */
export function confirmPassword(
  ctx: Pick<AppContext, 'signInThrottle'>,
  kind: SessionKind,
  account: { id: number; password: string },
  password: string,
): Promise<boolean> {
  return throttledAttempt(ctx.signInThrottle, throttleKey(kind, account.id), () =>
    verifyPassword(account.password, password),
  );
}

/**
 * Opens a session of `kind` and sets its cookie. `amr`: how the person proved who they are (with a
 * second factor, an admin's session is enrolled, docs/architecture.md#safety).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  subjectId: number,
  amr: Amr[] = ['pwd'],
): Promise<void> {
  const { sessions, cookie, database, noteAppLogout } = request.server.ctx;
  // A new token at every sign-in: a token planted before login (session fixation) is worthless.
  const old = sessionToken(request, kind, cookie);
  const client = clientOf(request);
  const { token, expiresAt } = await sessions[kind].create(subjectId, client, { amr });
  if (old) {
    // Signed in again as the same person (a fresh sign-in the note app asked for, docs/decisions/069-openid-conformance.md): the
    // note app's sessions opened from the old session go on with the new one instead of ending with it.
    if (kind === 'user') await noteAppLogout.carryOver(sha256Hex(old), sha256Hex(token), subjectId);
    await sessions[kind].end(old);
  }
  await securityEventsRepo(database.db).record(subjectOf(kind, subjectId), 'sign_in', client);
  setSessionCookie(reply, kind, token, expiresAt, cookie);
  // A user's browser is known to their account from now (an admin always has a second factor, which a
  // hold never stops: docs/decisions/072-a-held-account-still-lets-its-owner-in.md).
  if (kind === 'user') rememberDevice(request, reply, throttleKey(kind, subjectId));
}

/** Signs out: the session of `kind`, if any, ends and its cookie goes. */
export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<void> {
  const { sessions, cookie, database } = request.server.ctx;
  const token = sessionToken(request, kind, cookie);
  const subjectId = token ? await sessions[kind].end(token) : null;
  if (subjectId !== null) {
    await securityEventsRepo(database.db).record(subjectOf(kind, subjectId), 'sign_out', clientOf(request));
  }
  clearSessionCookie(reply, kind, cookie);
}
