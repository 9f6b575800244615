import { eq, sql } from 'drizzle-orm';
import type { PlanId, PracticeRole, SubscriptionStatus } from '../../shared/constants';
import type { PracticeEventAction } from '../../shared/schemas/audit';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import type { Client } from '../lib/client';

// What auth/ may know of practices (docs/decisions/098-what-auth-knows-of-practices.md): a user's
// membership, read inside the session's own query, and a member's sign-in written to their practice's
// trail in the same statement as it happens. Plain SQL of the practice tables, no rule of this area:
// the rules (who manages, which plan) stay in practice-service.ts and src/shared/access.ts.

/**
 * A person's place in a practice, with the state of the practice's subscription (its owner's): what the
 * access rule reads (billing/subscription-state.ts) and the user object shows.
 */
export type Membership = {
  id: number;
  name: string;
  role: PracticeRole;
  ownerPlan: PlanId;
  ownerStatus: SubscriptionStatus;
  /** Who pays for the practice and manages its billing: what a member's Subscription tab names. */
  ownerId: number;
  ownerName: string;
  /** Until when the owner's failed renewal keeps access (ISO text), or null. */
  ownerPastDueAccessUntil: string | null;
  /** The practice's sign-in policy (docs/decisions/092-a-practice-sign-in-policy.md). */
  requireTwoFactor: boolean;
  sessionHours: number | null;
  /** ISO text, or null: from when the cap counts for sessions opened before it. */
  sessionCapFrom: string | null;
  retentionDays: number;
  /** Members sign in only with Microsoft of this tenant (docs/decisions/094-sign-in-with-microsoft.md). */
  microsoftTenant: string | null;
  requireMicrosoft: boolean;
};

/**
 * The membership of the user in the query's `users` row, as SQL, so the session look-up answers it in
 * its own query (one round trip per authenticated request, as for second factors). Written out with
 * its own aliases: the outer `users` and the owner's row are the same table.
 */
export function membershipOfUser() {
  return sql<Membership | null>`(select json_build_object(
      'id', p.id, 'name', p.name, 'role', pm.role,
      'ownerPlan', owner.plan, 'ownerStatus', owner.subscription_status, 'ownerId', owner.id, 'ownerName', owner.username,
      'ownerPastDueAccessUntil', owner.past_due_access_until,
      'requireTwoFactor', p.require_two_factor, 'sessionHours', p.session_hours,
      'sessionCapFrom', p.session_cap_from, 'retentionDays', p.retention_days,
      'microsoftTenant', p.microsoft_tenant, 'requireMicrosoft', p.require_microsoft)
    from practice_members pm
    join practices p on p.id = pm.practice_id
    join users owner on owner.id = p.owner_id
    where pm.user_id = ${sql.raw('"users"."id"')})`;
}

/** The membership of one user, or null: the same SQL, on its own. */
export async function membershipOf(db: Db | Tx, userId: number): Promise<Membership | null> {
  const [row] = await db.select({ membership: membershipOfUser() }).from(users).where(eq(users.id, userId));
  return row?.membership ?? null;
}

/**
 * Appends a member's own event (a sign-in, a second factor) to the trail of their practice, the member
 * being both who did it and whom it is about; nothing when they are in no practice. One statement: the
 * practice is found as the row is written. `who` is their id, or their public id (the OpenID `sub`).
 */
export async function recordMemberEvent(
  db: Db | Tx,
  who: { userId: number } | { publicId: string },
  action: PracticeEventAction,
  client: Client | null,
  detail: string | null = null,
): Promise<void> {
  const person = 'userId' in who ? sql`u.id = ${who.userId}` : sql`u.public_id = ${who.publicId}::uuid`;
  await db.execute(sql`
    insert into practice_events
      (practice_id, action, actor_user_id, actor_name, subject_user_id, subject_name, detail, ip, user_agent)
    select pm.practice_id, ${action}, u.id, u.username, u.id, u.username, ${detail}, ${client?.ip ?? null},
      ${client?.userAgent ?? null}
    from users u join practice_members pm on pm.user_id = u.id
    where ${person}`);
}
