import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PAID_PLAN_IDS } from '../../shared/constants';
import { users } from './schema';

// The rules of src/shared/access.ts where SQL must say them (the admin's figures), one function each,
// named after the rule; tests/api/access-rules.test.ts holds each to its TypeScript twin on every status.

/** `isPaidAndActive` of a users row: a paid plan, active. */
export function paidAndActive(): SQL {
  return and(eq(users.subscriptionStatus, 'active'), inArray(users.plan, [...PAID_PLAN_IDS])) as SQL;
}

/** `inFreeTrial` of a users row: its trial date still ahead. */
export function inFreeTrial(): SQL<boolean> {
  return sql<boolean>`coalesce(${users.trialEndsAt} > now(), false)`;
}
