import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CANCELLATION_DAYS,
  CANCELLATION_REASON_IDS,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
} from '../../shared/constants';
import { monthlyAmount } from '../../shared/plans';
import type { AdminPractice, AdminReferral, AdminStats, AdminSubscriber } from '../../shared/schemas/admin';
import { inFreeTrial, paidAndActive } from '../db/access-sql';
import type { Db } from '../db/client';
import {
  cancellations,
  practiceAgreements,
  practiceInvitations,
  practiceMembers,
  practices,
  referrals,
  subscribers,
  users,
} from '../db/schema';
import { lastLondonDays } from '../lib/london-day';

const SIGNUP_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's figures. Each is an aggregate the database computes (a handful of small queries
 * whatever the number of users), never a walk over the users in JavaScript.
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  const days = lastLondonDays(SIGNUP_DAYS);
  const [
    byPlanAndStatus,
    paying,
    [subscriberCount],
    signups,
    recent,
    [practiceCount],
    [memberCount],
    cancelled,
  ] = await Promise.all([
    db
      .select({
        plan: users.plan,
        status: users.subscriptionStatus,
        users: count(),
        logins: sql<number>`coalesce(sum(${users.loginCount}), 0)`.mapWith(Number),
      })
      .from(users)
      .groupBy(users.plan, users.subscriptionStatus),
    db
      .select({
        plan: users.plan,
        hasDiscount: users.hasDiscount,
        interval: users.billingInterval,
        trial: inFreeTrial().mapWith(Boolean),
        users: count(),
      })
      .from(users)
      .where(paidAndActive())
      .groupBy(users.plan, users.hasDiscount, users.billingInterval, inFreeTrial()),
    db.select({ n: count() }).from(subscribers),
    db
      .select({
        day: sql<string>`to_char(${users.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`,
        n: count(),
      })
      .from(users)
      .where(sql`${users.createdAt} >= ${new Date(Date.now() - (SIGNUP_DAYS + 1) * DAY_MS).toISOString()}`)
      .groupBy(sql`1`),
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        lastLoginAt: users.lastLoginAt,
        consecutiveLogins: users.consecutiveLogins,
      })
      .from(users)
      .where(isNotNull(users.lastLoginAt))
      .orderBy(desc(users.lastLoginAt))
      .limit(5),
    db.select({ n: count() }).from(practices),
    db.select({ n: count() }).from(practiceMembers),
    db
      .select({ reason: cancellations.reason, n: count() })
      .from(cancellations)
      .where(
        and(
          sql`${cancellations.createdAt} >= ${new Date(Date.now() - CANCELLATION_DAYS * DAY_MS).toISOString()}`,
          // One taken back ('Keep my subscription') is no cancellation.
          isNull(cancellations.undoneAt),
        ),
      )
      .groupBy(cancellations.reason),
  ]);

  const usersByPlan = Object.fromEntries(PLAN_IDS.map((p) => [p, 0])) as AdminStats['usersByPlan'];
  const usersByStatus = Object.fromEntries(
    SUBSCRIPTION_STATUSES.map((s) => [s, 0]),
  ) as AdminStats['usersByStatus'];
  let totalUsers = 0;
  let totalLogins = 0;
  for (const row of byPlanAndStatus) {
    usersByPlan[row.plan] += row.users;
    usersByStatus[row.status] += row.users;
    totalUsers += row.users;
    totalLogins += row.logins;
  }
  // A free trial is its own figure: nobody has paid for it yet, so it is neither a paying subscription
  // nor revenue until it ends with a payment.
  let activeSubscriptions = 0;
  let trialSubscriptions = 0;
  let revenue = 0;
  for (const row of paying) {
    if (row.trial) {
      trialSubscriptions += row.users;
      continue;
    }
    activeSubscriptions += row.users;
    revenue += row.users * monthlyAmount(row.plan, row.hasDiscount, row.interval);
  }
  const perDay = new Map(signups.map((r) => [r.day, r.n]));
  return {
    totalUsers,
    activeSubscriptions,
    trialSubscriptions,
    estimatedMonthlyRevenue: Math.round(revenue * 100) / 100,
    totalSubscribers: subscriberCount?.n ?? 0,
    usersByPlan,
    usersByStatus,
    signupsByDay: days.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
    recentLogins: recent.map((r) => ({ ...r, lastLoginAt: r.lastLoginAt!.toISOString() })),
    averageLoginsPerUser: totalUsers ? totalLogins / totalUsers : 0,
    totalPractices: practiceCount?.n ?? 0,
    practiceMembers: memberCount?.n ?? 0,
    cancellationsByReason: Object.fromEntries(
      [...CANCELLATION_REASON_IDS, 'none' as const].map((reason) => [
        reason,
        cancelled.find((row) => (row.reason ?? 'none') === reason)?.n ?? 0,
      ]),
    ) as AdminStats['cancellationsByReason'],
  };
}

/**
 * A list as one JSON text built by the database: at 100,000 rows, PGlite hands over rows to
 * JavaScript at about 18 µs each, while json_agg builds the same document in a third of the time
 * and the server sends it untouched (docs/performance.md). The columns are named one by one, so
 * nothing secret can slip in.
 */
async function jsonList(db: Db, columns: Record<string, SQL>, from: SQL): Promise<string> {
  // Each row as json_agg serialises a sub-select's rows: measured faster than json_build_object.
  const fields = sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const result = await db.execute<{ list: string }>(
    sql`select coalesce(json_agg(t), '[]')::text as list from (select ${fields} from ${from} order by id desc) t`,
  );
  return result.rows[0]?.list ?? '[]';
}

/** Every user, newest first, with only the columns the admin lists show (AdminUser). */
export function adminUsersJson(db: Db): Promise<string> {
  return jsonList(
    db,
    {
      id: sql`u.id`,
      username: sql`u.username`,
      email: sql`u.email`,
      plan: sql`u.plan`,
      subscriptionStatus: sql`u.subscription_status`,
      trialEndsAt: sql`u.trial_ends_at`,
      hasDiscount: sql`u.has_discount`,
      billingInterval: sql`u.billing_interval`,
      loginCount: sql`u.login_count`,
      consecutiveLogins: sql`u.consecutive_logins`,
      lastLoginAt: sql`u.last_login_at`,
      createdAt: sql`u.created_at`,
      referralCode: sql`u.referral_code`,
      referralCredits: sql`u.referral_credits`,
      practiceName: sql`p.name`,
      practiceRole: sql`pm.role`,
      practicePlan: sql`owner.plan`,
      practiceStatus: sql`owner.subscription_status`,
    },
    // A person is in one practice at most (a unique index): the joins add no rows.
    sql`users u left join practice_members pm on pm.user_id = u.id left join practices p on p.id = pm.practice_id
      left join users owner on owner.id = p.owner_id`,
  );
}

export async function adminSubscribers(db: Db): Promise<AdminSubscriber[]> {
  const rows = await db
    .select({ id: subscribers.id, email: subscribers.email, createdAt: subscribers.createdAt })
    .from(subscribers)
    .orderBy(desc(subscribers.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function adminReferrals(db: Db): Promise<AdminReferral[]> {
  const referrer = alias(users, 'referrer');
  const rows = await db
    .select({
      id: referrals.id,
      referrerUsername: referrer.username,
      referrerEmail: referrer.email,
      friendEmail: referrals.friendEmail,
      referralCode: referrals.referralCode,
      status: referrals.status,
      createdAt: referrals.createdAt,
      completedAt: referrals.completedAt,
      rewardNote: referrals.rewardNote,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .orderBy(desc(referrals.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}

/** Every practice, newest first, with its owner, how many are in it and invited, and its subscription's state. */
/** `currentTerms`: the version of the practice terms now (each practice's latest acceptance is compared to it). */
export async function adminPractices(db: Db, currentTerms: string | null): Promise<AdminPractice[]> {
  const owner = alias(users, 'owner');
  // Counted per practice by index look-ups (practice_members and practice_invitations by practice_id).
  const members = sql<number>`(select count(*) from ${practiceMembers} where ${practiceMembers.practiceId} = ${practices.id})`;
  const invited = sql<number>`(select count(*) from ${practiceInvitations} where ${practiceInvitations.practiceId} = ${practices.id}
    and ${practiceInvitations.acceptedAt} is null and ${practiceInvitations.withdrawnAt} is null and ${practiceInvitations.expiresAt} > now())`;
  // Each practice's latest acceptance of the terms (practice_agreements by its unique (practice, version) index).
  const latestTerms = db
    .select({ version: practiceAgreements.version, acceptedAt: practiceAgreements.acceptedAt })
    .from(practiceAgreements)
    .where(eq(practiceAgreements.practiceId, practices.id))
    .orderBy(desc(practiceAgreements.acceptedAt), desc(practiceAgreements.id))
    .limit(1)
    .as('latest_terms');
  const rows = await db
    .select({
      id: practices.id,
      name: practices.name,
      ownerUsername: owner.username,
      ownerEmail: owner.email,
      members: members.mapWith(Number),
      pendingInvitations: invited.mapWith(Number),
      plan: owner.plan,
      subscriptionStatus: owner.subscriptionStatus,
      createdAt: practices.createdAt,
      termsVersion: latestTerms.version,
      termsAcceptedAt: latestTerms.acceptedAt,
    })
    .from(practices)
    .innerJoin(owner, eq(owner.id, practices.ownerId))
    .leftJoinLateral(latestTerms, sql`true`)
    .orderBy(desc(practices.id));
  return rows.map(({ termsVersion, termsAcceptedAt, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    terms: termsVersion
      ? {
          version: termsVersion,
          acceptedAt: new Date(termsAcceptedAt as Date | string).toISOString(),
          current: termsVersion === currentTerms,
        }
      : null,
  }));
}
