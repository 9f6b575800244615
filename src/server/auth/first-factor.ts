import type { AppContext } from '../context';
import type { Client } from '../lib/client';
import { type Account, secondFactorMethods } from './second-factors';
import { securityEventsRepo } from './security-events';
import { subjectOf } from './sign-in';

/** Whether the account has no second factor yet: the one being added is its first. */
export const hasNoSecondFactor = async (ctx: AppContext, account: Account): Promise<boolean> =>
  (await secondFactorMethods(ctx.database.db, account)).length === 0;

/**
 * Before an account's first second factor, its sessions were opened with the password alone, and one
 * of them may be someone else's (a stolen password, a shared computer): once the factor is on, every
 * session but the one that added it ends, a user's or an admin's alike (docs/decisions/068-second-factors-need-fresh-proof.md).
 * How many ended; the person is told by the factor's mail.
 */
export async function endSessionsBeforeFirstFactor(
  ctx: AppContext,
  account: Account,
  keepToken: string,
  client: Client,
): Promise<number> {
  const ended = await ctx.sessions[account.kind].endAllFor(account.id, keepToken);
  if (ended > 0)
    await securityEventsRepo(ctx.database.db).record(
      subjectOf(account.kind, account.id),
      'sessions_ended',
      client,
    );
  return ended;
}
