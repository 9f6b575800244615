import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../shared/brand';
import { messageSchema } from '../../shared/schemas/fields';
import {
  invitationSchema,
  REFERRAL_CODE_VALID,
  referralCodeSchema,
  referralStatsSchema,
  referralValidationSchema,
  validateReferralCodeSchema,
} from '../../shared/schemas/referrals';
import { requireUser } from '../auth/require';
import { REFERRAL_COUPON_ID } from '../billing/catalog';
import { stripeCall } from '../billing/stripe-call';
import { uniqueViolation } from '../db/errors';
import { referralInvitations, referrals, type User, users } from '../db/schema';
import { badRequest, conflict, HttpError } from '../lib/http-error';
import { formRateLimit, referralCodeRateLimit } from '../security/rate-limits';

const INVITE_AGAIN_AFTER_DAYS = 7;

/**
 * A new subscriber: never subscribed, or setting up their first subscription (the subscribe page
 * creates it before the code is applied) while its trial runs.
 */
function isNewSubscriber(user: User, now = new Date()): boolean {
  if (!user.stripeSubscriptionId) return !user.hadTrial;
  return (
    user.stripeSubscriptionId === user.firstSubscriptionId && !!user.trialEndsAt && user.trialEndsAt > now
  );
}

/** Why a user may not use a code, or null when they may. One place for the rules of spec section 4. */
export function referralCodeProblem(
  user: User,
  referrer: User | undefined,
  alreadyReferred: boolean,
): string | null {
  if (!referrer) return 'This referral code does not exist.';
  if (referrer.id === user.id) return 'You cannot use your own referral code.';
  if (alreadyReferred) return 'You have already used a referral code.';
  if (!isNewSubscriber(user)) return 'Referral codes are for new subscribers only.';
  return null;
}

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;

  /** The problem with this user using this code, if any; `repeat` when they already applied this very code. */
  async function checkCode(user: User, code: string): Promise<{ problem: string | null; repeat: boolean }> {
    const [[referrer], [used]] = await Promise.all([
      db.select().from(users).where(eq(users.referralCode, code)),
      db.select({ code: referrals.referralCode }).from(referrals).where(eq(referrals.friendUserId, user.id)),
    ]);
    const repeat = used?.code === code;
    return { problem: referralCodeProblem(user, referrer, !!used && !repeat), repeat };
  }

  app.get(
    '/api/referrals/code',
    { preHandler: requireUser, schema: { response: { 200: referralCodeSchema } } },
    async (request) => ({ referralCode: request.user!.referralCode }),
  );

  app.get(
    '/api/referrals/stats',
    { preHandler: requireUser, schema: { response: { 200: referralStatsSchema } } },
    async (request) => {
      const user = request.user!;
      const [row] = await db
        .select({
          total: count(),
          pending: sql<number>`count(*) filter (where ${referrals.status} = 'pending')`.mapWith(Number),
          completed: sql<number>`count(*) filter (where ${referrals.status} = 'completed')`.mapWith(Number),
        })
        .from(referrals)
        .where(eq(referrals.referrerId, user.id));
      return {
        totalReferrals: row?.total ?? 0,
        pendingReferrals: row?.pending ?? 0,
        completedReferrals: row?.completed ?? 0,
        credits: user.referralCredits,
      };
    },
  );

  app.post(
    '/api/referrals',
    {
      preHandler: requireUser,
      config: formRateLimit(ctx.config),
      schema: { body: invitationSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const user = request.user!;
      const { friendEmail } = request.body;
      if (friendEmail === user.email) throw badRequest('You cannot invite yourself.');
      const [recent] = await db
        .select({ id: referralInvitations.id })
        .from(referralInvitations)
        .where(
          and(
            eq(referralInvitations.referrerId, user.id),
            eq(referralInvitations.friendEmail, friendEmail),
            gt(referralInvitations.createdAt, sql`now() - make_interval(days => ${INVITE_AGAIN_AFTER_DAYS})`),
          ),
        );
      if (recent) throw conflict('You invited this address in the last 7 days.');
      await db.insert(referralInvitations).values({ referrerId: user.id, friendEmail });
      const link = `${ctx.config.APP_URL}/auth?ref=${user.referralCode}`;
      ctx.mailer.sendInBackground({
        to: friendEmail,
        replyTo: user.email,
        subject: `${user.username} invites you to ${PRODUCT_NAME}: a month free`,
        text: [
          `${user.username} uses ${PRODUCT_NAME}, which writes dental clinical notes from appointment audio, and thinks you would like it too.`,
          '',
          `Start your 14-day free trial with their code ${user.referralCode} and you both get a month free:`,
          link,
        ].join('\n'),
      });
      return reply.status(201).send({ message: 'Invitation sent!' });
    },
  );

  app.post(
    '/api/validate-referral-code',
    {
      preHandler: requireUser,
      config: referralCodeRateLimit(ctx.config),
      schema: { body: validateReferralCodeSchema, response: { 200: referralValidationSchema } },
    },
    async (request) => {
      const { problem } = await checkCode(request.user!, request.body.code);
      return problem ? { valid: false, message: problem } : { valid: true, message: REFERRAL_CODE_VALID };
    },
  );

  // The code goes with the subscription: the friend's first month after the trial is free (a 100 %
  // coupon on the subscription, used by its first paid invoice) and the referral is recorded, pending.
  app.post(
    '/api/subscription/referral',
    {
      preHandler: requireUser,
      config: referralCodeRateLimit(ctx.config),
      schema: { body: validateReferralCodeSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const user = request.user!;
      const { code } = request.body;
      const { problem, repeat } = await checkCode(user, code);
      if (problem) throw badRequest(problem);
      // Paying again after a declined card sends the code again: already recorded, nothing to do.
      if (repeat) return reply.status(201).send({ message: REFERRAL_CODE_VALID });
      const subscriptionId = user.stripeSubscriptionId;
      if (!subscriptionId) throw badRequest('Start your subscription first, then apply the code.');
      const billing = ctx.billing;
      if (!billing) throw new HttpError(503, 'Payments are not available right now. Please try again later.');
      await stripeCall(async () => {
        await billing.catalog();
        await billing.stripe.subscriptions.update(
          subscriptionId,
          { discounts: [{ coupon: REFERRAL_COUPON_ID }] },
          { idempotencyKey: `referral-discount-${subscriptionId}` },
        );
      });
      const [referrer] = await db.select().from(users).where(eq(users.referralCode, code));
      try {
        await db.insert(referrals).values({
          referrerId: referrer!.id,
          referralCode: code,
          friendEmail: user.email,
          friendUserId: user.id,
        });
      } catch (error) {
        if (uniqueViolation(error)) throw conflict('You have already used a referral code.');
        throw error;
      }
      return reply.status(201).send({ message: REFERRAL_CODE_VALID });
    },
  );
};
