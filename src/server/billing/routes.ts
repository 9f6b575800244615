import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { FREEZE_DAYS, type PaidPlanId, RETENTION_DISCOUNT, TRIAL_DAYS } from '../../shared/constants';
import { publicUserSchema } from '../../shared/schemas/auth';
import {
  createSubscriptionResponseSchema,
  createSubscriptionSchema,
  invoiceSchema,
  paymentMethodSchema,
  subscriptionDetailsSchema,
} from '../../shared/schemas/billing';
import { isLiveSubscription } from '../../shared/subscription';
import { requireUser } from '../auth/require';
import { toPublicUser } from '../auth/users-repo';
import { type User, users } from '../db/schema';
import { badRequest, conflict, HttpError } from '../lib/http-error';
import type { Billing } from './billing';
import { RETENTION_COUPON_ID } from './catalog';
import { stripeCall } from './stripe-call';
import { mapStatus } from './subscription-state';
import { readFromStripe, syncUser, writeState } from './sync';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;

  function requireBilling(): Billing {
    if (!ctx.billing)
      throw new HttpError(503, 'Payments are not available right now. Please try again later.');
    return ctx.billing;
  }

  function requireSubscription(user: User): string {
    if (!user.stripeSubscriptionId || !isLiveSubscription(user.subscriptionStatus)) {
      throw badRequest('You have no active subscription.');
    }
    return user.stripeSubscriptionId;
  }

  /** Applies a change to the user's subscription in Stripe, then stores Stripe's whole answer. */
  async function changeSubscription(user: User, params: Stripe.SubscriptionUpdateParams, key: string) {
    const billing = requireBilling();
    const subId = requireSubscription(user);
    await stripeCall(() => billing.stripe.subscriptions.update(subId, params, { idempotencyKey: key }));
    return toPublicUser(await stripeCall(() => syncUser(db, billing, user)));
  }

  /**
   * A trial whose card was never saved (the subscribe page reloaded, a second tab, or an answer lost
   * on the way back from Stripe) is picked up where it stopped: the same subscription and its
   * SetupIntent, moved to the plan now chosen. Without this the person would meet "You already have a
   * subscription" and no way to give their card.
   */
  async function resumePendingSetup(billing: Billing, user: User, planId: PaidPlanId) {
    if (!user.stripeSubscriptionId) return null;
    const sub = await billing.stripe.subscriptions.retrieve(user.stripeSubscriptionId, {
      expand: ['pending_setup_intent'],
    });
    const setupIntent = sub.pending_setup_intent as Stripe.SetupIntent | null;
    if (sub.status !== 'trialing' || !setupIntent?.client_secret) return null;
    const catalog = await billing.catalog();
    const item = sub.items.data[0];
    if (item && item.price.id !== catalog.priceIds[planId]) {
      await billing.stripe.subscriptions.update(
        sub.id,
        { items: [{ id: item.id, price: catalog.priceIds[planId] }], proration_behavior: 'none' },
        { idempotencyKey: `resume-${sub.id}-${planId}-${Date.now()}` },
      );
    }
    const synced = await writeState(
      db,
      user.id,
      await readFromStripe(billing, sub.customer as string, sub.id),
    );
    return {
      clientSecret: setupIntent.client_secret,
      intent: 'setup' as const,
      trialEndsAt: synced.trialEndsAt?.toISOString() ?? null,
    };
  }

  app.post(
    '/api/create-subscription',
    {
      preHandler: requireUser,
      schema: { body: createSubscriptionSchema, response: { 200: createSubscriptionResponseSchema } },
    },
    async (request) => {
      const billing = requireBilling();
      const user = request.user!;
      const resumed = await stripeCall(() => resumePendingSetup(billing, user, request.body.planId));
      if (resumed) return resumed;
      if (isLiveSubscription(user.subscriptionStatus))
        throw conflict('You already have a subscription. Manage it from your account.');
      // One creation at a time per user, decided by the database: a second click waits its turn.
      const [claim] = await db
        .update(users)
        .set({ subscriptionClaimedAt: new Date() })
        .where(
          and(
            eq(users.id, user.id),
            or(
              isNull(users.subscriptionClaimedAt),
              lt(users.subscriptionClaimedAt, sql`now() - interval '2 minutes'`),
            ),
          ),
        )
        .returning({ claimedAt: users.subscriptionClaimedAt });
      if (!claim) throw conflict('Your subscription is already being set up. Please wait a moment.');
      try {
        return await stripeCall(async () => {
          const { stripe } = billing;
          const catalog = await billing.catalog();
          let customerId = user.stripeCustomerId;
          if (!customerId) {
            const customer = await stripe.customers.create(
              { email: user.email, name: user.username, metadata: { userId: String(user.id) } },
              { idempotencyKey: `customer-${user.id}` },
            );
            customerId = customer.id;
            await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
          }
          // Stripe is the truth: a live subscription we had not heard of yet stops us here too.
          const existing = await stripe.subscriptions.list({
            customer: customerId,
            status: 'all',
            limit: 20,
          });
          // A trial Stripe made for an earlier attempt whose answer never reached us (Stripe too slow,
          // the request timed out) still waits for its card: carry on with it rather than calling it
          // a subscription the person already has.
          const unfinished = existing.data.find((s) => s.status === 'trialing' && s.pending_setup_intent);
          if (unfinished) {
            await db
              .update(users)
              .set({
                stripeSubscriptionId: unfinished.id,
                firstSubscriptionId: user.firstSubscriptionId ?? unfinished.id,
              })
              .where(eq(users.id, user.id));
            const resumed = await resumePendingSetup(
              billing,
              { ...user, stripeCustomerId: customerId, stripeSubscriptionId: unfinished.id },
              request.body.planId,
            );
            if (resumed) return resumed;
          }
          if (existing.data.some((s) => isLiveSubscription(mapStatus(s)))) {
            await syncUser(db, billing, { ...user, stripeCustomerId: customerId });
            throw conflict('You already have a subscription. Manage it from your account.');
          }
          // An earlier attempt whose first payment never happened is replaced, not left to expire.
          for (const s of existing.data.filter((s) => s.status === 'incomplete')) {
            await stripe.subscriptions.cancel(s.id, {}, { idempotencyKey: `abandon-${s.id}` });
          }
          const trial = !user.hadTrial && !existing.data.some((s) => s.trial_end !== null);
          const sub = await stripe.subscriptions.create(
            {
              customer: customerId,
              items: [{ price: catalog.priceIds[request.body.planId] }],
              payment_behavior: 'default_incomplete',
              payment_settings: {
                save_default_payment_method: 'on_subscription',
                payment_method_types: ['card'],
              },
              ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
              metadata: { userId: String(user.id), planId: request.body.planId },
              expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
            },
            { idempotencyKey: `subscription-${user.id}-${claim.claimedAt!.getTime()}` },
          );
          const setupIntent = sub.pending_setup_intent as Stripe.SetupIntent | null;
          const invoice = sub.latest_invoice as Stripe.Invoice | null;
          const clientSecret = trial
            ? setupIntent?.client_secret
            : invoice?.confirmation_secret?.client_secret;
          if (!clientSecret)
            throw new HttpError(502, 'Our payment provider did not start the payment. Please try again.');
          await db
            .update(users)
            .set({ stripeSubscriptionId: sub.id, ...(trial ? { firstSubscriptionId: sub.id } : {}) })
            .where(eq(users.id, user.id));
          const synced = await writeState(db, user.id, await readFromStripe(billing, customerId, sub.id));
          return {
            clientSecret,
            intent: trial ? ('setup' as const) : ('payment' as const),
            trialEndsAt: synced.trialEndsAt?.toISOString() ?? null,
          };
        });
      } finally {
        await db.update(users).set({ subscriptionClaimedAt: null }).where(eq(users.id, user.id));
      }
    },
  );

  // The success page calls this at once, so the account shows the plan before the webhook arrives.
  app.post(
    '/api/subscription/sync',
    { preHandler: requireUser, schema: { response: { 200: publicUserSchema } } },
    async (request) => {
      if (!ctx.billing) return toPublicUser(request.user!);
      return toPublicUser(await stripeCall(() => syncUser(db, ctx.billing!, request.user!)));
    },
  );

  app.get(
    '/api/subscription',
    { preHandler: requireUser, schema: { response: { 200: subscriptionDetailsSchema } } },
    async (request) => {
      const u = request.user!;
      return {
        plan: u.plan,
        status: u.subscriptionStatus,
        trialEndsAt: u.trialEndsAt?.toISOString() ?? null,
        currentPeriodEnd: u.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: u.cancelAtPeriodEnd,
        pausedUntil: u.pausedUntil?.toISOString() ?? null,
        hasDiscount: u.hasDiscount,
        retentionOfferAvailable: !u.retentionOfferUsed,
        billingAvailable: Boolean(ctx.billing),
      };
    },
  );

  // Freeze and resume share one endpoint (spec section 4): the current state decides which.
  app.post(
    '/api/subscription/freeze',
    { preHandler: requireUser, schema: { response: { 200: publicUserSchema } } },
    async (request) => {
      const user = request.user!;
      requireSubscription(user);
      if (user.subscriptionStatus === 'paused') {
        return changeSubscription(user, { pause_collection: '' }, `resume-${request.id}`);
      }
      if (user.subscriptionStatus !== 'active')
        throw badRequest('Only an active subscription can be frozen.');
      const resumesAt = Math.floor(Date.now() / 1000) + FREEZE_DAYS * 86_400;
      return changeSubscription(
        user,
        { pause_collection: { behavior: 'void', resumes_at: resumesAt } },
        `freeze-${request.id}`,
      );
    },
  );

  app.post(
    '/api/subscription/discount',
    { preHandler: requireUser, schema: { response: { 200: publicUserSchema } } },
    async (request) => {
      const user = request.user!;
      requireSubscription(user);
      // Once per user, decided by one conditional update; given back if Stripe refuses.
      const [claimed] = await db
        .update(users)
        .set({ retentionOfferUsed: true })
        .where(and(eq(users.id, user.id), eq(users.retentionOfferUsed, false)))
        .returning({ id: users.id });
      if (!claimed)
        throw conflict(
          `The ${RETENTION_DISCOUNT.percentOff}% discount has already been used on this account.`,
        );
      try {
        return await changeSubscription(
          user,
          { discounts: [{ coupon: RETENTION_COUPON_ID }] },
          `discount-${user.id}`,
        );
      } catch (error) {
        await db.update(users).set({ retentionOfferUsed: false }).where(eq(users.id, user.id));
        throw error;
      }
    },
  );

  app.post(
    '/api/subscription/cancel',
    { preHandler: requireUser, schema: { response: { 200: publicUserSchema } } },
    async (request) =>
      changeSubscription(request.user!, { cancel_at_period_end: true }, `cancel-${request.id}`),
  );

  app.post(
    '/api/subscription/keep',
    { preHandler: requireUser, schema: { response: { 200: publicUserSchema } } },
    async (request) =>
      changeSubscription(request.user!, { cancel_at_period_end: false }, `keep-${request.id}`),
  );

  app.get(
    '/api/billing/invoices',
    { preHandler: requireUser, schema: { response: { 200: invoiceSchema.array() } } },
    async (request) => {
      const customer = request.user!.stripeCustomerId;
      if (!customer || !ctx.billing) return [];
      const list = await stripeCall(() => ctx.billing!.stripe.invoices.list({ customer, limit: 24 }));
      return list.data
        .filter((i) => i.status !== 'draft')
        .map((i) => ({
          id: i.id!,
          number: i.number ?? null,
          date: new Date(i.created * 1000).toISOString(),
          amount: (i.status === 'paid' ? i.amount_paid : i.amount_due) / 100,
          status: i.status ?? 'open',
          url: i.hosted_invoice_url ?? null,
          pdf: i.invoice_pdf ?? null,
        }));
    },
  );

  app.get(
    '/api/billing/payment-method',
    { preHandler: requireUser, schema: { response: { 200: paymentMethodSchema } } },
    async (request) => {
      const customerId = request.user!.stripeCustomerId;
      if (!customerId || !ctx.billing) return null;
      const { stripe } = ctx.billing;
      return stripeCall(async () => {
        const customer = (await stripe.customers.retrieve(customerId, {
          expand: ['invoice_settings.default_payment_method'],
        })) as Stripe.Customer | Stripe.DeletedCustomer;
        let pm =
          'deleted' in customer
            ? null
            : (customer.invoice_settings?.default_payment_method as Stripe.PaymentMethod | null);
        if (!pm && request.user!.stripeSubscriptionId) {
          const sub = await stripe.subscriptions.retrieve(request.user!.stripeSubscriptionId, {
            expand: ['default_payment_method'],
          });
          pm = sub.default_payment_method as Stripe.PaymentMethod | null;
        }
        if (!pm?.card) return null;
        return {
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        };
      });
    },
  );

  app.post('/api/billing/portal', { preHandler: requireUser }, async (request) => {
    const billing = requireBilling();
    const customer = request.user!.stripeCustomerId;
    if (!customer) throw badRequest('You have no billing account yet.');
    const session = await stripeCall(() =>
      billing.stripe.billingPortal.sessions.create({ customer, return_url: `${ctx.config.APP_URL}/account` }),
    );
    return { url: session.url };
  });
};
