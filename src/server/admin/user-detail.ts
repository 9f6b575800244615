import type { FastifyBaseLogger } from 'fastify';
import { noteAppEntitlement } from '../../shared/access';
import type { AdminUserDetail } from '../../shared/schemas/admin';
import { secondFactorMethods } from '../auth/second-factors';
import { securityEventsRepo } from '../auth/security-events';
import { usersRepo } from '../auth/users-repo';
import { billingAccountService } from '../billing/billing-account-service';
import type { AppContext } from '../context';
import { describeDevice } from '../lib/client';
import { notFound } from '../lib/http-error';
import { membershipOf } from '../practices/membership';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * One person's account as the admin's user detail page shows it (read-only, docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md): the same
 * facts the person sees of themselves, from the same places (the access rule, the security history,
 * Stripe's invoices), and nothing secret.
 */
export async function adminUserDetail(
  ctx: AppContext,
  userId: number,
  log: FastifyBaseLogger,
): Promise<AdminUserDetail> {
  const { db } = ctx.database;
  const user = await usersRepo(db).findById(userId);
  if (!user) throw notFound('No user has that id.');
  const [practice, methods, sessions, events, invoices] = await Promise.all([
    membershipOf(db, user.id),
    secondFactorMethods(db, { kind: 'user', id: user.id }),
    // No session is the admin's own: none is marked current.
    ctx.sessions.user.list(user.id, ''),
    securityEventsRepo(db).recentForUser(user.id),
    ctx.billing
      ? billingAccountService(ctx)
          .invoices(user)
          .catch((err: unknown) => {
            log.warn({ err, userId }, "admin user detail: Stripe's invoices could not be read");
            return null;
          })
      : Promise.resolve([]),
  ]);
  const entitlement = noteAppEntitlement({ ...user, twoFactor: methods.length > 0 }, practice);
  const viaPractice = entitlement.through === 'practice' && practice;
  return {
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: iso(user.lastLoginAt),
      lastLoginIp: user.lastLoginIp,
      loginCount: user.loginCount,
      referralCode: user.referralCode,
      referralCredits: user.referralCredits,
    },
    subscription: {
      plan: user.plan,
      status: user.subscriptionStatus,
      trialEndsAt: iso(user.trialEndsAt),
      currentPeriodEnd: iso(user.currentPeriodEnd),
      cancelAtPeriodEnd: user.cancelAtPeriodEnd,
      pausedUntil: iso(user.pausedUntil),
      hasDiscount: user.hasDiscount,
      billingInterval: user.billingInterval,
    },
    access: entitlement.access
      ? {
          plan: entitlement.plan,
          through: entitlement.through,
          paidBy: viaPractice
            ? { id: viaPractice.ownerId, username: viaPractice.ownerName }
            : { id: user.id, username: user.username },
        }
      : null,
    secondFactors: methods.filter((m) => m !== 'recovery') as ('totp' | 'passkey')[],
    practice: practice && {
      id: practice.id,
      name: practice.name,
      role: practice.role,
      owner: { id: practice.ownerId, username: practice.ownerName },
      plan: practice.ownerPlan,
      status: practice.ownerStatus,
    },
    sessions: sessions.map((s) => ({
      device: describeDevice(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
    securityEvents: events.map((e) => ({
      id: e.id,
      type: e.type,
      device: describeDevice(e.userAgent),
      ip: e.ip,
      at: e.createdAt.toISOString(),
    })),
    invoices: { available: ctx.billing !== null, items: invoices },
  };
}
