import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicAdmin, PublicUser } from '../../shared/schemas/auth';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/schemas/two-factor';
import { unauthorized } from '../lib/http-error';
import { membershipOf } from '../practices/membership';
import { adminsRepo, toPublicAdmin } from './admins-repo';
import { type Account, secondFactorMethods } from './second-factors';
import { type Amr, provedSecondFactor, type SessionKind } from './sessions';
import { startSession } from './sign-in';
import { toPublicUser, usersRepo } from './users-repo';

// A sign-in's last step, however it began (a password, a second factor, a passkey, Microsoft): the session
// opens and the answer says who signed in.

export type Answer = { user: PublicUser; admin: PublicAdmin };

/**
 * Opens the session of a sign-in that is complete, and answers who signed in, as POST /api/login and
 * /api/admin/login do. `amr`: how the person proved who they are (with a second factor, an admin's
 * session is enrolled). The passkey routes call it for a passwordless sign-in (a passkey is both
 * factors: ['hwk']).
 * @public
 */
export async function openSession<K extends SessionKind>(
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account & { kind: K },
  amr: Amr[],
): Promise<Answer[K]> {
  const { ctx } = request.server;
  const { db } = ctx.database;
  const secondFactor = provedSecondFactor(amr);
  await startSession(request, reply, account.kind, account.id, amr);
  // Counted by the step that completed it: a password alone, a passkey alone, or a second factor.
  ctx.metrics.signIn(
    account.kind,
    amr.includes('fed')
      ? 'microsoft'
      : !secondFactor
        ? 'password'
        : amr.includes('pwd')
          ? 'second_factor'
          : 'passkey',
    'success',
  );
  if (account.kind === 'user') {
    const users = usersRepo(db);
    const user = await users.findById(account.id);
    if (!user) throw unauthorized(M.signInTimedOut);
    const practice = await membershipOf(db, user.id);
    // Microsoft's second factor is not one of ours: whether they have one is asked (the Security tab's).
    const microsoftMfa = amr.includes('mfa');
    const twoFactor = microsoftMfa ? (await secondFactorMethods(db, account)).length > 0 : secondFactor;
    return toPublicUser(await users.recordLogin(user, request.ip), {
      twoFactor,
      microsoftMfa,
      practice,
    }) as Answer[K];
  }
  const admin = await adminsRepo(db).findById(account.id);
  if (!admin) throw unauthorized(M.signInTimedOut);
  return toPublicAdmin(admin, secondFactor) as Answer[K];
}
