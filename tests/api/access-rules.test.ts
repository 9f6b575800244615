/**
 * The rules of src/shared/access.ts that SQL says too (src/server/db/access-sql.ts) agree: every plan
 * and every subscription status, stored on a users row, is picked by the SQL exactly when the
 * TypeScript rule says yes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { paidAndActive } from '../../src/server/db/access-sql';
import { users } from '../../src/server/db/schema';
import { isPaidAndActive } from '../../src/shared/access';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../../src/shared/constants';
import { createTestApp, signedInUser } from '../support/app';

const t = await createTestApp();
afterAll(() => t.close());

describe('paid and active', () => {
  it('the SQL picks the rows the TypeScript rule picks, for every plan and status', async () => {
    const rows = PLAN_IDS.flatMap((plan) =>
      SUBSCRIPTION_STATUSES.map((subscriptionStatus) => ({ plan, subscriptionStatus })),
    );
    const ids: number[] = [];
    for (const row of rows) {
      const { id } = await signedInUser(t.app);
      await t.db.update(users).set(row).where(eq(users.id, id));
      ids.push(id);
    }
    const bySql = new Set(
      (await t.db.select({ id: users.id }).from(users).where(paidAndActive())).map((r) => r.id),
    );
    expect(rows.map((row, i) => [row, bySql.has(ids[i]!)])).toEqual(
      rows.map((row) => [row, isPaidAndActive(row)]),
    );
    // Both say yes to exactly the paid plans, active.
    expect(rows.filter(isPaidAndActive)).toEqual([
      { plan: 'pro', subscriptionStatus: 'active' },
      { plan: 'clinic', subscriptionStatus: 'active' },
    ]);
  });
});
