import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findPlan, formatPounds } from '../../shared/plans';
import { type PublicUser, publicUserSchema } from '../../shared/schemas/auth';
import {
  billingDetailsAnswerSchema,
  billingDetailsSchema,
  cancelSchema,
  cardUpdateSchema,
  createSubscriptionAnswerSchema,
  createSubscriptionSchema,
  invoiceSchema,
  paymentAuthenticationSchema,
  paymentMethodSchema,
  planChangePreviewSchema,
  planChangeQuerySchema,
  planChangeSchema,
  subscriptionDetailsSchema,
} from '../../shared/schemas/billing';
import type { UserSession } from '../auth/require';
import { toPublicUser } from '../auth/users-repo';
import type { Db } from '../db/client';
import type { User } from '../db/schema';
import { monthlyFromYearEndMail, planChangedMail } from '../mail/templates';
import { errors, STRIPE_FAILURES } from '../openapi';
import { membershipOf } from '../practices/membership';
import {
  type PracticeSubscriptionChange,
  practiceMembersCovered,
  practiceSubscriptionNotices,
} from '../practices/practice-lifecycle';
import { practiceService } from '../practices/practice-service';
import { referralService } from '../referrals/referral-service';
import { referralCodeRateLimit } from '../security/rate-limits';
import { billingAccountService } from './billing-account-service';
import { subscriptionService } from './subscription-service';

/** Billing's refusals (subscription-service.ts). */
const NO_SUBSCRIPTION = { 400: 'You have no active subscription' } as const;
const NO_BILLING_ACCOUNT = { 400: 'You have no billing account yet' } as const;
/**
 * Stripe failing, and (503) payments not configured: said by the operations that ask for payments
 * before anything else; the others need a subscription, which a deployment without payments never has.
 */
const PAYMENTS = [503, ...STRIPE_FAILURES] as const;
const PLAN_CHANGE = {
  409: 'Already on that plan, the subscription is frozen or set to end, or a practice stands in the way',
} as const;
/** The user after a change to their live subscription, made in Stripe. */
const changed = (...more: Parameters<typeof errors>) => ({
  config: { access: 'user' as const },
  schema: {
    response: { 200: publicUserSchema, ...errors(NO_SUBSCRIPTION, ...STRIPE_FAILURES, ...more) },
  },
});
/** The user after the change, or (202) a payment for the bank's check in the page (Stripe.js). */
const userOrBankCheck = { 200: publicUserSchema, 202: paymentAuthenticationSchema };
type Session = UserSession;
const ownsPractice = (session: Session) => session.practice?.role === 'owner';

/**
 * The user after a change to their subscription. Their practice is read again: subscribing to, or
 * leaving, the Practice plan makes or ends one (practices/practice-service.ts).
 */
async function answerUser(
  db: Db,
  session: Session,
  change: (user: Session['user']) => Promise<Session['user']>,
) {
  const user = await change(session.user);
  return toPublicUser(user, {
    twoFactor: session.twoFactor,
    practice: await membershipOf(db, user.id),
  });
}

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = subscriptionService(app.ctx);
  const account = billingAccountService(app.ctx);
  const practices = practiceService(app.ctx);
  const referrals = referralService(app.ctx);

  app.post(
    '/api/create-subscription',
    {
      // It tries a referral code too: no faster than the code's own check (POST /api/subscription/referral).
      config: { ...referralCodeRateLimit(app.ctx.config), access: 'user' },
      schema: {
        body: createSubscriptionSchema,
        response: {
          200: createSubscriptionAnswerSchema,
          ...errors(
            { 409: 'A subscription already lives or is being set up, or a practice stands in the way' },
            ...PAYMENTS,
          ),
        },
      },
    },
    async (request) => {
      const session = request.userSession;
      const { planId, interval, referralCode } = request.body;
      // A member of someone else's practice cannot start one of their own (one practice each).
      await practices.checkPlanChoice(session.practice, planId);
      const started = await subscriptions.create(session.user, planId, interval);
      // A code that came with the page is applied here, with the subscription: nothing the person must
      // press, and no later step of the browser's that could lose it (docs/decisions/064-referral-code-applied-with-the-subscription.md).
      const referral = await referrals.afterSubscriptionStarted(session.user.id, referralCode);
      return { ...started, referral };
    },
  );

  // The success page calls this at once, so the account shows the plan before the webhook arrives.
  app.post(
    '/api/subscription/sync',
    {
      config: { access: 'user' },
      schema: { response: { 200: publicUserSchema, ...errors(...STRIPE_FAILURES) } },
    },
    async (request) =>
      answerUser(app.ctx.database.db, request.userSession, (user) => subscriptions.sync(user)),
  );

  app.get(
    '/api/subscription',
    { config: { access: 'user' }, schema: { response: { 200: subscriptionDetailsSchema } } },
    async (request) => {
      const session = request.userSession;
      return {
        ...subscriptions.details(session.user),
        // Only an owner's subscription covers others; the session's look-up says who owns one.
        practiceMembers: ownsPractice(session)
          ? await practiceMembersCovered(app.ctx.database.db, session.user)
          : 0,
      };
    },
  );

  /**
   * After an owner's freeze, resume, cancel or keep: the practice's members are mailed, their note app
   * following it (practice-lifecycle.ts practiceSubscriptionNotices).
   */
  const tellMembers =
    (session: Session, change: (user: User) => PracticeSubscriptionChange) =>
    async (user: User): Promise<User> => {
      if (!ownsPractice(session)) return user;
      const db = app.ctx.database.db;
      for (const mail of await practiceSubscriptionNotices(db, user, change(user), app.ctx.config.APP_URL))
        app.ctx.mailer.sendInBackground(mail);
      return user;
    };

  app.post(
    '/api/subscription/freeze',
    changed({ 400: 'Only an active subscription can be frozen' }),
    async (request) =>
      answerUser(app.ctx.database.db, request.userSession, (user) =>
        subscriptions
          .freezeOrResume(user, request.id)
          .then(
            tellMembers(request.userSession, (after) =>
              after.subscriptionStatus === 'paused' ? 'frozen' : 'resumed',
            ),
          ),
      ),
  );

  app.post(
    '/api/subscription/discount',
    // The retention offer, by the plan's interval: 50 % for 3 months, or (yearly) monthly from the year's end.
    changed({ 409: 'The offer has been used already' }),
    async (request) =>
      answerUser(app.ctx.database.db, request.userSession, async (user) => {
        const after = await subscriptions.discount(user);
        // The yearly offer changes the interval: a money event, so a mail (docs/decisions/096-yearly-plans.md).
        if (user.billingInterval === 'year' && after.billingInterval === 'month')
          app.ctx.mailer.sendInBackground(
            monthlyFromYearEndMail(after, after.currentPeriodEnd, app.ctx.config.APP_URL),
          );
        return after;
      }),
  );

  app.get(
    '/api/subscription/change-plan/preview',
    {
      config: { access: 'user' },
      schema: {
        querystring: planChangeQuerySchema,
        response: { 200: planChangePreviewSchema, ...errors(NO_SUBSCRIPTION, PLAN_CHANGE, ...PAYMENTS) },
      },
    },
    async (request) => {
      const session = request.userSession;
      await practices.checkPlanChoice(session.practice, request.query.planId);
      const { planId, interval } = request.query;
      return subscriptions.previewPlanChange(session.user, planId, interval);
    },
  );

  /** The switch is done: the person hears what it did to their money. */
  const mailPlanChanged = (before: User, answer: PublicUser, amountNow: number) =>
    app.ctx.mailer.sendInBackground(
      planChangedMail(
        answer,
        {
          planName: findPlan(answer.plan)?.name ?? answer.plan,
          interval: answer.billingInterval,
          intervalBefore: before.billingInterval,
          amountNow,
          formatted: formatPounds(Math.abs(amountNow)),
        },
        app.ctx.config.APP_URL,
      ),
    );

  // 200: switched. 202: the bank asks the person to confirm the payment in the page (Stripe.js), then
  // the page calls .../complete.
  app.post(
    '/api/subscription/change-plan',
    {
      config: { access: 'user' },
      schema: {
        body: planChangeSchema,
        response: { ...userOrBankCheck, ...errors(NO_SUBSCRIPTION, PLAN_CHANGE, 402, ...PAYMENTS) },
      },
    },
    async (request, reply) => {
      const session = request.userSession;
      // One practice per person, and an owner keeps theirs while it has members (docs/decisions/054-practices.md).
      await practices.checkPlanChoice(session.practice, request.body.planId);
      const outcome = await subscriptions.changePlan(session.user, request.body, request.id);
      if ('authenticate' in outcome) return reply.code(202).send(outcome.authenticate);
      const answer = await answerUser(app.ctx.database.db, session, async () => outcome.user);
      mailPlanChanged(session.user, answer, outcome.amountNow);
      return answer;
    },
  );

  // After the bank's check in the page: the switch is done, or (not confirmed) called off with a 402.
  app.post(
    '/api/subscription/change-plan/complete',
    {
      config: { access: 'user' },
      schema: {
        body: planChangeQuerySchema,
        response: { 200: publicUserSchema, ...errors(NO_SUBSCRIPTION, 402, ...PAYMENTS) },
      },
    },
    async (request) => {
      const session = request.userSession;
      const { user, amountNow, switched } = await subscriptions.completePlanChange(session.user);
      const answer = await answerUser(app.ctx.database.db, session, async () => user);
      // The switch's own paid invoice says it happened (the webhook may have stored the plan already).
      if (switched && answer.plan === request.body.planId) mailPlanChanged(session.user, answer, amountNow);
      return answer;
    },
  );

  app.post(
    '/api/subscription/cancel',
    { ...changed(), schema: { ...changed().schema, body: cancelSchema } },
    async (request) =>
      answerUser(app.ctx.database.db, request.userSession, (user) =>
        subscriptions
          .cancelAtPeriodEnd(user, request.id, request.body)
          .then(tellMembers(request.userSession, () => 'cancelled')),
      ),
  );

  app.post('/api/subscription/keep', changed(), async (request) =>
    answerUser(app.ctx.database.db, request.userSession, (user) =>
      subscriptions.keep(user, request.id).then(tellMembers(request.userSession, () => 'kept')),
    ),
  );

  app.get(
    '/api/billing/invoices',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: invoiceSchema.array(), ...errors(...STRIPE_FAILURES) },
      },
    },
    async (request) => account.invoices(request.userSession.user),
  );

  app.get(
    '/api/billing/payment-method',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: paymentMethodSchema, ...errors(...STRIPE_FAILURES) },
      },
    },
    async (request) => account.paymentMethod(request.userSession.user),
  );

  // A new card without the portal: the page confirms the SetupIntent, then says which one it was.
  app.post(
    '/api/billing/card',
    {
      config: { access: 'user' },
      schema: {
        response: {
          200: z.object({ clientSecret: z.string() }),
          ...errors(NO_SUBSCRIPTION, NO_BILLING_ACCOUNT, ...PAYMENTS),
        },
      },
    },
    async (request) => account.startCardUpdate(request.userSession.user, request.id),
  );

  // 202: paying the unpaid renewal with the new card waits for the bank's check in the page.
  app.post(
    '/api/billing/card/confirm',
    {
      config: { access: 'user' },
      schema: {
        body: cardUpdateSchema,
        response: {
          ...userOrBankCheck,
          ...errors(
            NO_SUBSCRIPTION,
            { 400: 'That card was not saved' },
            { 402: 'The unpaid renewal, charged to the new card, was declined (the card stays saved)' },
            ...PAYMENTS,
          ),
        },
      },
    },
    async (request, reply) => {
      const session = request.userSession;
      const outcome = await account.finishCardUpdate(session.user, request.body.setupIntentId);
      if ('authenticate' in outcome) return reply.code(202).send(outcome.authenticate);
      return answerUser(app.ctx.database.db, session, async () => outcome.user);
    },
  );

  // Who the invoices are made out to: asked on the subscribe page, editable in the Subscription tab.
  app.get(
    '/api/billing/details',
    { config: { access: 'user' }, schema: { response: { 200: billingDetailsAnswerSchema } } },
    async (request) => ({ details: request.userSession.user.billingDetails ?? null }),
  );

  app.put(
    '/api/billing/details',
    {
      config: { access: 'user' },
      schema: {
        body: billingDetailsSchema,
        response: { 200: billingDetailsAnswerSchema, ...errors(...PAYMENTS) },
      },
    },
    async (request) => ({
      details: await account.saveBillingDetails(request.userSession.user, request.body),
    }),
  );

  app.post(
    '/api/billing/portal',
    {
      config: { access: 'user' },
      schema: {
        response: { 200: z.object({ url: z.string() }), ...errors(NO_BILLING_ACCOUNT, ...PAYMENTS) },
      },
    },
    async (request) => ({ url: await account.portalUrl(request.userSession.user) }),
  );
};
