/**
 * The rules of src/shared/access.ts that SQL says too (src/server/db/access-sql.ts) agree: every plan
 * and every subscription status, stored on a users row, is picked by the SQL exactly when the
 * TypeScript rule says yes.
 */
import { eq, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inFreeTrial as inFreeTrialSql, paidAndActive } from '../../src/server/db/access-sql';
import { users } from '../../src/server/db/schema';
import { inFreeTrial, isPaidAndActive } from '../../src/shared/access';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../../src/shared/constants';
import { createTestApp, signedInUser } from '../support/app';

const t = await createTestApp();
afterAll(() => t.close());

/** Each row stored on a user of its own, beside whether `where` picks that user. */
async function pickedBySql<R extends Partial<typeof users.$inferInsert>>(rows: R[], where: SQL) {
  const ids: number[] = [];
  for (const row of rows) {
    const { id } = await signedInUser(t.app);
    await t.db.update(users).set(row).where(eq(users.id, id));
    ids.push(id);
  }
  const bySql = new Set((await t.db.select({ id: users.id }).from(users).where(where)).map((r) => r.id));
  return rows.map((row, i) => [row, bySql.has(ids[i]!)]);
}

describe('paid and active', () => {
  it('the SQL picks the rows the TypeScript rule picks, for every plan and status', async () => {
    const rows = PLAN_IDS.flatMap((plan) =>
      SUBSCRIPTION_STATUSES.map((subscriptionStatus) => ({ plan, subscriptionStatus })),
    );
    expect(await pickedBySql(rows, paidAndActive())).toEqual(rows.map((row) => [row, isPaidAndActive(row)]));
    // Both say yes to exactly the paid plans, active.
    expect(rows.filter(isPaidAndActive)).toEqual([
      { plan: 'pro', subscriptionStatus: 'active' },
      { plan: 'clinic', subscriptionStatus: 'active' },
    ]);
  });
});

describe('in a free trial', () => {
  it('the SQL picks the rows the TypeScript rule picks: no trial date, one past, one ahead', async () => {
    const hour = 3_600_000;
    const rows = [
      { trialEndsAt: null },
      { trialEndsAt: new Date(Date.now() - hour) },
      { trialEndsAt: new Date(Date.now() + hour) },
    ];
    expect(await pickedBySql(rows, inFreeTrialSql())).toEqual(rows.map((row) => [row, inFreeTrial(row)]));
    expect(rows.map((row) => inFreeTrial(row))).toEqual([false, false, true]);
  });
});
