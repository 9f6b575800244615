import { sql } from 'drizzle-orm';
import { REAUTH_MINUTES } from '../../src/shared/constants';
import type { TestApp } from './app';

/** What a sensitive action answers (403) when the session's proof of who it is has gone stale. */
export const REAUTH = { message: 'Please confirm it is you to continue.', reauthRequired: true };

/**
 * Moves the proof of who it is (docs/architecture.md#safety) back past the REAUTH_MINUTES window, for
 * one account's sessions or, without `id`, for every session of that kind: the clock is not waited on.
 */
export function proofGoesStale(db: TestApp['db'], kind: 'user' | 'admin' = 'user', id?: number) {
  const sessions = sql.identifier(`${kind}_sessions`);
  const stale = sql`now() - make_interval(mins => ${REAUTH_MINUTES + 1})`;
  return id === undefined
    ? db.execute(sql`update ${sessions} set reauthenticated_at = ${stale}`)
    : db.execute(
        sql`update ${sessions} set reauthenticated_at = ${stale} where ${sql.identifier(`${kind}_id`)} = ${id}`,
      );
}
