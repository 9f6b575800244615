import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_MESSAGES as M, type TwoFactorRequired } from '../../shared/schemas/two-factor';
import { clientOf } from '../lib/client';
import { unauthorized } from '../lib/http-error';
import { adminsRepo } from './admins-repo';
import {
  type FirstFactor,
  loginChallengesRepo,
  PENDING_MS,
  type PendingSignIn,
} from './login-challenges-repo';
import { type Answer, openSession } from './open-session';
import { type Account, secondFactorMethods } from './second-factors';
import { securityEventsRepo } from './security-events';
import type { CookieOptions } from './session-cookies';
import type { Amr, SessionKind } from './sessions';
import { subjectOf } from './sign-in';
import { twoFactorService } from './two-factor-service';
import { usersRepo } from './users-repo';

// A sign-in in two steps (docs/architecture.md#identity): the password, then a second factor. Between them the
// browser holds only the cookie naming a pending sign-in (login_challenges), which opens nothing.

const COOKIE = 'cn_2fa';

/** `__Host-` over https like the session cookies (which requires Path=/), plain on http. */
const cookieName = (opts: CookieOptions) => (opts.secure ? `__Host-${COOKIE}` : COOKIE);

/**
 * After a right password: the session at once when the account has no second factor, else a pending
 * sign-in (cookie cn_2fa) and the methods that can finish it. `passwordRight` false: a password checked
 * blind while the account was held (sign-in.ts verifyLogin), answered alike, finished by no code.
 * `firstFactor` 'fed': Microsoft's sign-in without its own second factor, which ours then finishes.
 */
export async function passwordAccepted<K extends SessionKind>(
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account & { kind: K },
  passwordRight = true,
  firstFactor: FirstFactor = 'pwd',
): Promise<Answer[K] | TwoFactorRequired> {
  const { ctx } = request.server;
  const methods = await secondFactorMethods(ctx.database.db, account);
  if (methods.length === 0) {
    // The factor went between the password's check and now: a wrong password opens nothing.
    if (!passwordRight) throw unauthorized('Invalid username or password');
    return openSession(request, reply, account, [firstFactor]);
  }
  const token = await loginChallengesRepo(ctx.database.db).create(account, passwordRight, firstFactor);
  reply.setCookie(cookieName(ctx.cookie), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.cookie.secure,
    maxAge: PENDING_MS / 1000,
  });
  return { twoFactorRequired: true, methods };
}

function challengeToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[cookieName(request.server.ctx.cookie)];
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : undefined;
}

/**
 * The account whose sign-in of `kind` waits for its second factor, or null (none, or timed out): the
 * passkey routes read it to ask for that account's passkeys.
 * @public
 */
export async function pendingSignIn(
  request: FastifyRequest,
  kind: SessionKind,
): Promise<PendingSignIn | null> {
  const token = challengeToken(request);
  return token ? loginChallengesRepo(request.server.ctx.database.db).find(token, kind) : null;
}

/**
 * Finishes the pending sign-in of `kind` once its second factor was proved (`otp`: a code here;
 * `hwk`: a passkey assertion, by the passkey routes): the pending sign-in ends, the session opens, and
 * the answer is the public user or admin. 401 when there is no pending sign-in (or it timed out, or
 * was just used). Its password checked blind and wrong: a user's passkey signs in alone, as it may
 * without a password; an admin never signs in without the password.
 */
export async function completePendingSignIn<K extends SessionKind>(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: K,
  secondFactor: 'otp' | 'hwk',
): Promise<Answer[K]> {
  const { ctx } = request.server;
  const token = challengeToken(request);
  const account = await pendingSignIn(request, kind);
  if (!token || !account || !(await loginChallengesRepo(ctx.database.db).end(token)))
    throw unauthorized(M.signInTimedOut);
  reply.clearCookie(cookieName(ctx.cookie), { path: '/', httpOnly: true, secure: ctx.cookie.secure });
  if (!account.passwordRight && (kind === 'admin' || secondFactor === 'otp'))
    throw unauthorized('Invalid username or password');
  const amr: Amr[] = account.passwordRight ? [account.firstFactor, secondFactor] : [secondFactor];
  return openSession(request, reply, { kind, id: account.id }, amr);
}

/** 401 'timed out' unless a sign-in of `kind` is pending: the account it is for. */
export async function requirePendingSignIn(
  request: FastifyRequest,
  kind: SessionKind,
): Promise<PendingSignIn> {
  const account = await pendingSignIn(request, kind);
  if (!account) throw unauthorized(M.signInTimedOut);
  return account;
}

/**
 * POST /api/login/2fa and /api/admin/login/2fa: the code (the app's, or a recovery code) of the pending
 * sign-in of `kind` finishes it. A wrong one (or any, after a password checked blind and wrong) is
 * recorded on the account and answered 401; the attempts count on the account's sign-in throttle
 * (twoFactorService.checkSignInCode).
 */
export async function completePendingSignInWithCode<K extends SessionKind>(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: K,
  code: string,
): Promise<Answer[K]> {
  const { ctx } = request.server;
  const { db } = ctx.database;
  const pending = await requirePendingSignIn(request, kind);
  const person =
    kind === 'user' ? await usersRepo(db).findById(pending.id) : await adminsRepo(db).findById(pending.id);
  if (!person) throw unauthorized(M.signInTimedOut);
  const client = clientOf(request);
  if (!(await twoFactorService(ctx).checkSignInCode(pending, person, code, client))) {
    ctx.metrics.signIn(kind, 'second_factor', 'failure');
    await securityEventsRepo(db).record(subjectOf(kind, pending.id), 'sign_in_failed', client);
    throw unauthorized(M.wrongSignInCode);
  }
  return completePendingSignIn(request, reply, kind, 'otp');
}
