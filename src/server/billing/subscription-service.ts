import type Stripe from 'stripe';
import { isLiveSubscription, withVat } from '../../shared/access';
import { FREEZE_DAYS, type PaidPlanId, RETENTION_DISCOUNT, TRIAL_DAYS } from '../../shared/constants';
import { monthlyAmount } from '../../shared/plans';
import type {
  BillingDetails,
  CancelRequest,
  CreateSubscriptionResponse,
  Invoice,
  PaymentAuthentication,
  PaymentMethod,
  PlanChange,
  PlanChangePreview,
  SubscriptionDetails,
} from '../../shared/schemas/billing';
import type { AppContext } from '../context';
import { cancellations, type User } from '../db/schema';
import { badRequest, conflict, HttpError } from '../lib/http-error';
import { openSecret, sealSecret } from '../lib/secret-box';
import type { Billing } from './billing';
import { billingRepo } from './billing-repo';
import { RETENTION_COUPON_ID } from './catalog';
import { addDiscount } from './discounts';
import { stripeCall } from './stripe-call';
import { awaitsCard, mapStatus } from './subscription-state';
import { ENDED, hadTrial, readFromStripe, storeSnapshot, syncUser } from './sync';
import { isResumable } from './unconfirmed-trials';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** When the trial a subscription was made with ends: what the subscribe page says before the card. */
const trialEnd = (sub: Stripe.Subscription) =>
  sub.trial_end ? new Date(sub.trial_end * 1000).toISOString() : null;

/**
 * Stripe's £0 invoice of a trial whose card was never confirmed (an abandoned checkout, cancelled by
 * us or by Stripe, or still waiting): the trial never began, so it is nobody's billing history
 * (docs/decisions/074-what-each-screen-says-and-the-trial-that-never-began.md). An invoice with money
 * on it is always shown.
 */
function isUnstartedTrialInvoice(invoice: Stripe.Invoice, neverStarted: Set<string>): boolean {
  const sub = invoice.parent?.subscription_details?.subscription;
  const subId = typeof sub === 'string' ? sub : sub?.id;
  return invoice.total === 0 && subId !== undefined && neverStarted.has(subId);
}

/**
 * Both calls' answers, or the first one's failure once both have ended: unlike Promise.all, no call is
 * still on its way to Stripe when the request has been answered.
 */
async function settledBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/** How old a preview may be and still price the switch (else Stripe prices it at its own moment). */
const QUOTE_MAX_AGE_MS = 15 * 60_000;
type Quote = { userId: number; planId: PaidPlanId; prorationDate: number; issuedAt: number };

/**
 * A preview's moment of proration as Stripe chose it (Stripe's clock: a test clock's, too), sealed so
 * that the page can hand it back but not choose another (docs/decisions/067-plan-switch-authentication.md).
 */
function sealQuote(key: Buffer, quote: Omit<Quote, 'issuedAt'>): string {
  return sealSecret(key, JSON.stringify({ ...quote, issuedAt: Date.now() }));
}

/**
 * The quoted moment, if it is this person's for this plan, recent, and still inside the subscription's
 * current period (Stripe refuses one outside it: a period that turned since the preview). Else none:
 * the switch is priced at Stripe's own moment.
 */
function quotedProrationDate(
  key: Buffer,
  sealed: string | undefined,
  expected: { userId: number; planId: PaidPlanId },
  period: { current_period_start: number; current_period_end: number },
): number | undefined {
  if (!sealed) return undefined;
  let quote: Quote;
  try {
    quote = JSON.parse(openSecret(key, sealed)) as Quote;
  } catch {
    return undefined;
  }
  const fresh = Date.now() - quote.issuedAt <= QUOTE_MAX_AGE_MS;
  const inPeriod =
    quote.prorationDate >= period.current_period_start && quote.prorationDate < period.current_period_end;
  const theirs = quote.userId === expected.userId && quote.planId === expected.planId;
  return fresh && inPeriod && theirs ? quote.prorationDate : undefined;
}

/**
 * What an invoice does to the person's money now, in pounds: what is charged (Stripe's `amount_due`,
 * after any account credit), or, when the total is below zero, the credit kept for the next invoice.
 */
function moneyNow(invoice: Pick<Stripe.Invoice, 'amount_due' | 'total'>): number {
  return invoice.amount_due > 0 ? invoice.amount_due / 100 : Math.min(invoice.total, 0) / 100;
}

const NOT_CONFIRMED =
  'Your bank did not confirm the payment, so your plan has not changed. Nothing was charged.';

const ALREADY_SUBSCRIBED = 'You already have a subscription. Manage it from your account.';

/** What a person can do with their subscription (docs/architecture.md#states): Stripe holds it, our row follows. */
export function subscriptionService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = billingRepo(db);

  function requireBilling(): Billing {
    if (!ctx.billing)
      throw new HttpError(503, 'Payments are not available right now. Please try again later.');
    return ctx.billing;
  }

  /** Why this subscription cannot move to `planId` now; else what the move needs. */
  function checkPlanChange(user: User, planId: PaidPlanId) {
    const billing = requireBilling();
    const subId = requireLiveSubscription(user);
    if (user.plan === planId) throw conflict('You are already on this plan.');
    if (user.subscriptionStatus === 'paused') throw conflict('Resume your subscription first.');
    if (user.cancelAtPeriodEnd)
      throw conflict('Your subscription is set to end. Keep your subscription first, then change plan.');
    const trial = Boolean(user.trialEndsAt && user.trialEndsAt.getTime() > Date.now());
    return { billing, subId, trial };
  }

  /** The subscription, its one item, and our price for `planId`. */
  async function itemAndPrice(billing: Billing, subId: string, planId: PaidPlanId) {
    const [sub, catalog] = await Promise.all([
      billing.stripe.subscriptions.retrieve(subId),
      billing.catalog(),
    ]);
    const item = sub.items.data[0];
    if (!item)
      throw new HttpError(502, 'Our payment provider did not respond as expected. Please try again.');
    return { sub, item, price: catalog.priceIds[planId], vatRateId: catalog.vatRateId };
  }

  /** The PaymentIntent an invoice's payment is (its first payment), or null. */
  async function paymentIntentOf(billing: Billing, invoiceId: string): Promise<Stripe.PaymentIntent | null> {
    const invoice = await billing.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
    const ref = invoice.payments?.data[0]?.payment.payment_intent;
    if (!ref) return null;
    return typeof ref === 'string' ? billing.stripe.paymentIntents.retrieve(ref) : ref;
  }

  /**
   * A switch whose payment did not go through is called off: voiding its invoice discards the pending
   * update, so the plan stays and nothing is charged later (Stripe would otherwise retry the invoice).
   */
  async function callOffPendingSwitch(billing: Billing, user: User, invoiceId: string, why: string) {
    await billing.stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: `void-${invoiceId}` });
    await syncUser(db, billing, user);
    return new HttpError(402, why);
  }

  const invoiceIdOf = (sub: Stripe.Subscription) =>
    typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? null);

  function requireLiveSubscription(user: User): string {
    if (!user.stripeSubscriptionId || !isLiveSubscription(user.subscriptionStatus)) {
      throw badRequest('You have no active subscription.');
    }
    return user.stripeSubscriptionId;
  }

  /** Applies a change to the user's subscription in Stripe, then stores Stripe's whole answer. */
  async function change(user: User, params: Stripe.SubscriptionUpdateParams, key: string): Promise<User> {
    const billing = requireBilling();
    const subId = requireLiveSubscription(user);
    return stripeCall(async () => {
      // Every change brings the VAT rate along: subscriptions made before it get it now.
      const { vatRateId } = await billing.catalog();
      await billing.stripe.subscriptions.update(
        subId,
        { ...params, ...withVat(vatRateId) },
        { idempotencyKey: key },
      );
      return syncUser(db, billing, user);
    });
  }

  /**
   * A trial whose card was never saved (the subscribe page reloaded, the person left and came back,
   * a second tab, or an answer lost on the way back from Stripe) is picked up where it stopped: the
   * same subscription and its SetupIntent, moved to the plan now chosen. Without this the person would
   * meet "You already have a subscription" and no way to give their card. One that waited a day is
   * not: it is being cancelled (docs/decisions/063-a-trial-starts-with-its-card.md), and a new one is made.
   */
  async function resumePendingSetup(
    billing: Billing,
    user: User,
    planId: PaidPlanId,
  ): Promise<CreateSubscriptionResponse | null> {
    if (!user.stripeSubscriptionId) return null;
    const sub = await billing.stripe.subscriptions.retrieve(user.stripeSubscriptionId, {
      expand: ['pending_setup_intent'],
    });
    const setupIntent = sub.pending_setup_intent as Stripe.SetupIntent | null;
    if (!isResumable(sub) || !setupIntent?.client_secret) return null;
    const catalog = await billing.catalog();
    const item = sub.items.data[0];
    if (item && item.price.id !== catalog.priceIds[planId]) {
      await billing.stripe.subscriptions.update(
        sub.id,
        {
          items: [{ id: item.id, price: catalog.priceIds[planId] }],
          proration_behavior: 'none',
          ...withVat(catalog.vatRateId),
        },
        { idempotencyKey: `resume-${sub.id}-${planId}-${Date.now()}` },
      );
    }
    const snapshot = await readFromStripe(billing, sub.customer as string, sub.id);
    await db.transaction((tx) => storeSnapshot(tx, user.id, snapshot));
    return { clientSecret: setupIntent.client_secret, intent: 'setup', trialEndsAt: trialEnd(sub) };
  }

  async function ensureCustomer(billing: Billing, user: User): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await billing.stripe.customers.create(
      { email: user.email, name: user.username, metadata: { userId: String(user.id) } },
      { idempotencyKey: `customer-${user.id}` },
    );
    await repo.setCustomer(user.id, customer.id);
    return customer.id;
  }

  /** Creates the subscription in Stripe; the caller holds the user's creation lease, taken at `claimedAt`. */
  async function startSubscription(
    billing: Billing,
    user: User,
    planId: PaidPlanId,
    claimedAt: Date,
  ): Promise<CreateSubscriptionResponse> {
    const { stripe } = billing;
    const catalog = await billing.catalog();
    const customerId = await ensureCustomer(billing, user);
    // Stripe is the truth: a live subscription we had not heard of yet stops us here too.
    const existing = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
    // A trial Stripe made for an earlier attempt whose answer never reached us (Stripe too slow, the
    // request timed out) still waits for its card: carry on with it rather than calling it a
    // subscription the person already has.
    const unfinished = existing.data.find((s) => isResumable(s));
    if (unfinished) {
      await repo.setSubscription(user.id, unfinished.id, user.firstSubscriptionId ?? unfinished.id);
      const resumed = await resumePendingSetup(
        billing,
        { ...user, stripeCustomerId: customerId, stripeSubscriptionId: unfinished.id },
        planId,
      );
      if (resumed) return resumed;
    }
    if (existing.data.some((s) => isLiveSubscription(mapStatus(s)))) {
      await syncUser(db, billing, { ...user, stripeCustomerId: customerId });
      throw conflict(ALREADY_SUBSCRIBED);
    }
    // An earlier attempt whose first payment, or trial's card, never came is replaced, not left to expire.
    for (const s of existing.data.filter((s) => !ENDED.has(s.status) && mapStatus(s) === 'inactive')) {
      await stripe.subscriptions.cancel(s.id, {}, { idempotencyKey: `abandon-${s.id}` });
    }
    const trial = !user.hadTrial && !existing.data.some(hadTrial);
    const sub = await stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price: catalog.priceIds[planId] }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        ...withVat(catalog.vatRateId),
        // A trial whose card never comes ends with it, by Stripe's hand too (docs/decisions/063-a-trial-starts-with-its-card.md).
        ...(trial
          ? {
              trial_period_days: TRIAL_DAYS,
              trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } },
            }
          : {}),
        metadata: { userId: String(user.id), planId },
        expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `subscription-${user.id}-${claimedAt.getTime()}` },
    );
    const setupIntent = sub.pending_setup_intent as Stripe.SetupIntent | null;
    const invoice = sub.latest_invoice as Stripe.Invoice | null;
    const clientSecret = trial ? setupIntent?.client_secret : invoice?.confirmation_secret?.client_secret;
    if (!clientSecret)
      throw new HttpError(502, 'Our payment provider did not start the payment. Please try again.');
    await repo.setSubscription(user.id, sub.id, trial ? sub.id : undefined);
    const snapshot = await readFromStripe(billing, customerId, sub.id);
    await db.transaction((tx) => storeSnapshot(tx, user.id, snapshot));
    return { clientSecret, intent: trial ? 'setup' : 'payment', trialEndsAt: trialEnd(sub) };
  }

  return {
    /** Starts the subscription (with the trial, once per person) or resumes one whose card was never saved. */
    async create(user: User, planId: PaidPlanId): Promise<CreateSubscriptionResponse> {
      const billing = requireBilling();
      const resumed = await stripeCall(() => resumePendingSetup(billing, user, planId));
      if (resumed) return resumed;
      if (isLiveSubscription(user.subscriptionStatus)) throw conflict(ALREADY_SUBSCRIBED);
      // One creation at a time per user, decided by the database: a second click waits its turn.
      const claimedAt = await repo.claimCreation(user.id);
      if (!claimedAt) throw conflict('Your subscription is already being set up. Please wait a moment.');
      try {
        return await stripeCall(() => startSubscription(billing, user, planId, claimedAt));
      } finally {
        await repo.releaseCreation(user.id);
      }
    },

    /** Re-reads the subscription from Stripe (without Stripe, the user as stored). */
    async sync(user: User): Promise<User> {
      const billing = ctx.billing;
      return billing ? stripeCall(() => syncUser(db, billing, user)) : user;
    },

    details(user: User): SubscriptionDetails {
      return {
        plan: user.plan,
        status: user.subscriptionStatus,
        trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
        currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: user.cancelAtPeriodEnd,
        pausedUntil: user.pausedUntil?.toISOString() ?? null,
        hasDiscount: user.hasDiscount,
        retentionOfferAvailable: !user.retentionOfferUsed,
        billingAvailable: Boolean(ctx.billing),
        paymentActionUrl: user.paymentActionUrl,
        pastDueAccessUntil: iso(user.pastDueAccessUntil),
      };
    },

    /** Freeze and resume share one action (docs/architecture.md#states): the current state decides which. */
    async freezeOrResume(user: User, requestId: string): Promise<User> {
      requireLiveSubscription(user);
      if (user.subscriptionStatus === 'paused') {
        return change(user, { pause_collection: '' }, `resume-${requestId}`);
      }
      if (user.subscriptionStatus !== 'active')
        throw badRequest('Only an active subscription can be frozen.');
      const resumesAt = Math.floor(Date.now() / 1000) + FREEZE_DAYS * 86_400;
      return change(
        user,
        { pause_collection: { behavior: 'void', resumes_at: resumesAt } },
        `freeze-${requestId}`,
      );
    },

    /** The retention offer: once per user, decided by one conditional update, given back if Stripe refuses. */
    async discount(user: User): Promise<User> {
      requireLiveSubscription(user);
      if (!(await repo.claimRetentionOffer(user.id)))
        throw conflict(
          `The ${RETENTION_DISCOUNT.percentOff}% discount has already been used on this account.`,
        );
      try {
        const billing = requireBilling();
        const subId = requireLiveSubscription(user);
        return await stripeCall(async () => {
          // Kept beside any referral month the subscription has (Stripe replaces the list).
          await addDiscount(billing, subId, RETENTION_COUPON_ID, `discount-${user.id}`);
          return syncUser(db, billing, user);
        });
      } catch (error) {
        await repo.giveBackRetentionOffer(user.id);
        throw error;
      }
    },

    /** What switching to `planId` costs now (Stripe's invoice preview), before anything moves. */
    async previewPlanChange(user: User, planId: PaidPlanId): Promise<PlanChangePreview> {
      const { billing, subId, trial } = checkPlanChange(user, planId);
      const nextAmount = monthlyAmount(planId, user.hasDiscount);
      if (trial)
        return {
          planId,
          amountNow: 0,
          creditUsed: 0,
          trial,
          nextAmount,
          nextPaymentAt: iso(user.trialEndsAt),
          quote: null,
        };
      const preview = await stripeCall(async () => {
        const { item, price } = await itemAndPrice(billing, subId, planId);
        // No proration_date: Stripe prorates at its own now, and says which (a date of ours could fall
        // outside the period its clock is in).
        return billing.stripe.invoices.createPreview({
          customer: user.stripeCustomerId!,
          subscription: subId,
          subscription_details: { items: [{ id: item.id, price }], proration_behavior: 'always_invoice' },
        });
      });
      const prorationDate = preview.parent?.subscription_details?.subscription_proration_date;
      return {
        planId,
        amountNow: moneyNow(preview),
        creditUsed: Math.max(0, preview.total - preview.amount_due) / 100,
        trial,
        nextAmount,
        nextPaymentAt: iso(user.currentPeriodEnd),
        quote: prorationDate ? sealQuote(ctx.secretsKey, { userId: user.id, planId, prorationDate }) : null,
      };
    },

    /**
     * Switches plan with proration: the difference for the rest of the period is invoiced at once (a
     * charge, or a credit for the next invoice); during the trial nothing is charged. Discounts stay on
     * the subscription. The charge is made as a pending update (`pending_if_incomplete`): the plan
     * changes only once it is paid. A bank that asks the person to confirm it (SCA) answers
     * `authenticate` for the page (then `completePlanChange`); a declined card changes nothing.
     */
    async changePlan(
      user: User,
      { planId, quote }: PlanChange,
      requestId: string,
    ): Promise<{ user: User; amountNow: number } | { authenticate: PaymentAuthentication }> {
      const { billing, subId, trial } = checkPlanChange(user, planId);
      return stripeCall(async () => {
        const { sub, item, price, vatRateId } = await itemAndPrice(billing, subId, planId);
        const items = [{ id: item.id, price }];
        if (trial) {
          await billing.stripe.subscriptions.update(
            subId,
            { items, proration_behavior: 'none', ...withVat(vatRateId) },
            { idempotencyKey: `change-plan-${requestId}` },
          );
          return { user: await syncUser(db, billing, user), amountNow: 0 };
        }
        // A pending update takes only the switch's own parameters: the VAT rate, for a subscription
        // made before it, goes first on its own.
        if (!sub.default_tax_rates?.some((rate) => rate.id === vatRateId))
          await billing.stripe.subscriptions.update(subId, withVat(vatRateId), {
            idempotencyKey: `change-plan-vat-${requestId}`,
          });
        // The preview's moment, if it still can be: what is charged is what was shown.
        const prorationDate = quotedProrationDate(ctx.secretsKey, quote, { userId: user.id, planId }, item);
        const updated = await billing.stripe.subscriptions.update(
          subId,
          {
            items,
            proration_behavior: 'always_invoice',
            ...(prorationDate ? { proration_date: prorationDate } : {}),
            payment_behavior: 'pending_if_incomplete',
          },
          { idempotencyKey: `change-plan-${requestId}` },
        );
        const invoiceId = invoiceIdOf(updated);
        if (updated.pending_update && invoiceId) {
          const intent = await paymentIntentOf(billing, invoiceId);
          if (intent?.status === 'requires_action' && intent.client_secret)
            return { authenticate: { clientSecret: intent.client_secret } };
          throw await callOffPendingSwitch(
            billing,
            user,
            invoiceId,
            intent?.last_payment_error?.message ?? 'Your card was declined.',
          );
        }
        // What the switch invoiced at once (always_invoice): charged, or credited when below zero.
        const invoice = invoiceId ? await billing.stripe.invoices.retrieve(invoiceId) : null;
        const amountNow = invoice?.billing_reason === 'subscription_update' ? moneyNow(invoice) : 0;
        return { user: await syncUser(db, billing, user), amountNow };
      });
    },

    /**
     * After the page ran the bank's check for a switch: paid, the pending update has applied and the
     * plan is the new one; not paid (the check failed, or was left), the switch is called off.
     */
    async completePlanChange(user: User): Promise<{ user: User; amountNow: number; switched: boolean }> {
      const billing = requireBilling();
      const subId = requireLiveSubscription(user);
      return stripeCall(async () => {
        const sub = await billing.stripe.subscriptions.retrieve(subId);
        const invoiceId = invoiceIdOf(sub);
        const invoice = invoiceId ? await billing.stripe.invoices.retrieve(invoiceId) : null;
        // Judged by the payment itself: Stripe marks the invoice paid, and applies the update, a moment
        // after the PaymentIntent succeeds; a payment on its way is never called off.
        const intent =
          invoice?.id && invoice.status === 'open' ? await paymentIntentOf(billing, invoice.id) : null;
        const paying = intent?.status === 'succeeded' || intent?.status === 'processing';
        if (sub.pending_update && invoice?.id && invoice.status !== 'paid' && !paying)
          throw await callOffPendingSwitch(billing, user, invoice.id, NOT_CONFIRMED);
        const paidSwitch =
          invoice?.billing_reason === 'subscription_update' && (invoice.status === 'paid' || paying);
        return {
          user: await syncUser(db, billing, user),
          amountNow: paidSwitch ? moneyNow(invoice) : 0,
          switched: paidSwitch,
        };
      });
    },

    /**
     * Cancels at the period's end. Why, if they said, goes to Stripe (`cancellation_details`) and is
     * kept here for the admin dashboard.
     */
    async cancelAtPeriodEnd(user: User, requestId: string, why: CancelRequest = {}): Promise<User> {
      const updated = await change(
        user,
        {
          cancel_at_period_end: true,
          ...(why.reason || why.comment
            ? {
                cancellation_details: {
                  ...(why.reason ? { feedback: why.reason } : {}),
                  ...(why.comment ? { comment: why.comment } : {}),
                },
              }
            : {}),
        },
        `cancel-${requestId}`,
      );
      await db.insert(cancellations).values({
        userId: user.id,
        plan: user.plan,
        reason: why.reason ?? null,
        comment: why.comment || null,
      });
      return updated;
    },

    keep: (user: User, requestId: string) =>
      change(user, { cancel_at_period_end: false }, `keep-${requestId}`),

    /** Cancels, at once, every subscription of the user that still lives: a deleted account is never charged again. */
    async cancelAllNow(user: User): Promise<void> {
      const customer = user.stripeCustomerId;
      if (!customer) return;
      if (!ctx.billing)
        throw new HttpError(503, 'We cannot cancel your subscription right now. Please try again later.');
      const { stripe } = ctx.billing;
      await stripeCall(async () => {
        const list = await stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
        for (const sub of list.data) {
          if (ENDED.has(sub.status)) continue;
          await stripe.subscriptions.cancel(
            sub.id,
            {},
            { idempotencyKey: `delete-account-${user.id}-${sub.id}` },
          );
        }
      });
    },

    async invoices(user: User): Promise<Invoice[]> {
      const customer = user.stripeCustomerId;
      const billing = ctx.billing;
      if (!customer || !billing) return [];
      const [list, subscriptions] = await stripeCall(() =>
        settledBoth(
          billing.stripe.invoices.list({ customer, limit: 24 }),
          // Expanded as the sync reads them: a trial's SetupIntent says whether its card was confirmed.
          billing.stripe.subscriptions.list({
            customer,
            status: 'all',
            limit: 20,
            expand: ['data.pending_setup_intent'],
          }),
        ),
      );
      const neverStarted = new Set(subscriptions.data.filter(awaitsCard).map((sub) => sub.id));
      return list.data
        .filter((i) => i.status !== 'draft' && !isUnstartedTrialInvoice(i, neverStarted))
        .map((i) => {
          // The VAT part, as Stripe's pinned API version gives it (docs/decisions/057-uk-billing.md).
          const vat = (i.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
          return {
            id: i.id!,
            number: i.number ?? null,
            date: new Date(i.created * 1000).toISOString(),
            net: (i.total_excluding_tax ?? i.total - vat) / 100,
            vat: vat / 100,
            total: i.total / 100,
            amount: (i.status === 'paid' ? i.amount_paid : i.amount_due) / 100,
            status: i.status ?? 'open',
            url: i.hosted_invoice_url ?? null,
            pdf: i.invoice_pdf ?? null,
          };
        });
    },

    /**
     * The card Stripe will charge: the subscription's default payment method comes first, then the
     * customer's `invoice_settings.default_payment_method` (Stripe's order for a subscription's invoices).
     */
    async paymentMethod(user: User): Promise<PaymentMethod> {
      const customerId = user.stripeCustomerId;
      if (!customerId || !ctx.billing) return null;
      const { stripe } = ctx.billing;
      return stripeCall(async () => {
        let pm: Stripe.PaymentMethod | null = null;
        if (user.stripeSubscriptionId) {
          const sub = await stripe.subscriptions.retrieve(user.stripeSubscriptionId, {
            expand: ['default_payment_method'],
          });
          pm = sub.default_payment_method as Stripe.PaymentMethod | null;
        }
        if (!pm) {
          const customer = (await stripe.customers.retrieve(customerId, {
            expand: ['invoice_settings.default_payment_method'],
          })) as Stripe.Customer | Stripe.DeletedCustomer;
          pm =
            'deleted' in customer
              ? null
              : (customer.invoice_settings?.default_payment_method as Stripe.PaymentMethod | null);
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

    /**
     * Who the invoices are made out to, saved on the Stripe customer (its name, its address in the
     * UK, and its `gb_vat` tax id, which Stripe prints on every invoice), then here. Stripe first: if
     * it refuses, nothing is saved and the person is told.
     */
    async saveBillingDetails(user: User, details: BillingDetails): Promise<BillingDetails> {
      const billing = requireBilling();
      await stripeCall(async () => {
        const customer = await ensureCustomer(billing, user);
        await billing.stripe.customers.update(customer, {
          name: details.name,
          address: {
            line1: details.line1,
            line2: details.line2,
            city: details.city,
            postal_code: details.postcode,
            country: 'GB',
          },
        });
        const taxIds = await billing.stripe.customers.listTaxIds(customer, { limit: 100 });
        const vat = taxIds.data.filter((t) => t.type === 'gb_vat');
        for (const old of vat.filter((t) => t.value !== details.vatNumber))
          await billing.stripe.customers.deleteTaxId(customer, old.id);
        if (details.vatNumber && !vat.some((t) => t.value === details.vatNumber))
          await billing.stripe.customers.createTaxId(customer, { type: 'gb_vat', value: details.vatNumber });
      });
      await repo.setBillingDetails(user.id, details);
      return details;
    },

    /**
     * A new card without Stripe's portal (which cannot always complete a bank's check): a SetupIntent
     * the page confirms with the card typed (Stripe.js), then `finishCardUpdate`.
     */
    async startCardUpdate(user: User, requestId: string): Promise<{ clientSecret: string }> {
      const billing = requireBilling();
      requireLiveSubscription(user);
      const customer = user.stripeCustomerId;
      if (!customer) throw badRequest('You have no billing account yet.');
      const setupIntent = await stripeCall(() =>
        billing.stripe.setupIntents.create(
          {
            customer,
            usage: 'off_session',
            allowed_payment_method_types: ['card'],
            metadata: { userId: String(user.id) },
          },
          { idempotencyKey: `card-update-${requestId}` },
        ),
      );
      if (!setupIntent.client_secret)
        throw new HttpError(502, 'Our payment provider did not start the card update. Please try again.');
      return { clientSecret: setupIntent.client_secret };
    },

    /**
     * The card the page saved becomes the one every renewal is charged to (the subscription's default,
     * which Stripe uses first, and the customer's), and a renewal left unpaid (past_due, or unpaid once
     * Stripe's retries ran out) is charged to it at once: a decline answers 402 with the bank's words,
     * and the card stays saved; a bank that asks the person to confirm answers `authenticate` for the
     * page (Stripe.js), which then re-reads the subscription.
     */
    async finishCardUpdate(
      user: User,
      setupIntentId: string,
    ): Promise<{ user: User } | { authenticate: PaymentAuthentication }> {
      const billing = requireBilling();
      const subId = requireLiveSubscription(user);
      const customer = user.stripeCustomerId;
      return stripeCall(async () => {
        // An id Stripe does not know is the person's mistake (or a forged one), not Stripe's failure.
        const setupIntent = await billing.stripe.setupIntents.retrieve(setupIntentId).catch((error) => {
          if ((error as { code?: string }).code === 'resource_missing') return null;
          throw error;
        });
        if (!setupIntent) throw badRequest('That card was not saved. Please enter it again.');
        const pm = setupIntent.payment_method;
        if (setupIntent.customer !== customer || setupIntent.status !== 'succeeded' || !pm)
          throw badRequest('That card was not saved. Please enter it again.');
        const pmId = typeof pm === 'string' ? pm : pm.id;
        await billing.stripe.customers.update(customer!, {
          invoice_settings: { default_payment_method: pmId },
        });
        const { vatRateId } = await billing.catalog();
        const sub = await billing.stripe.subscriptions.update(
          subId,
          { default_payment_method: pmId, ...withVat(vatRateId) },
          { idempotencyKey: `card-update-sub-${setupIntentId}` },
        );
        const invoiceId = invoiceIdOf(sub);
        const invoice = invoiceId ? await billing.stripe.invoices.retrieve(invoiceId) : null;
        // Unpaid: still retried (past_due), or no longer (unpaid, docs/decisions/066-failed-renewal-grace-and-money-mails.md).
        if (
          invoice?.id &&
          invoice.status === 'open' &&
          (sub.status === 'past_due' || sub.status === 'unpaid')
        ) {
          try {
            await billing.stripe.invoices.pay(invoice.id, { payment_method: pmId });
          } catch (error) {
            // The state first (the card is saved), then the bank's refusal or its question.
            await syncUser(db, billing, user);
            const asks = (error as { code?: string }).code === 'invoice_payment_intent_requires_action';
            const intent = asks ? await paymentIntentOf(billing, invoice.id) : null;
            if (intent?.status === 'requires_action' && intent.client_secret)
              return { authenticate: { clientSecret: intent.client_secret } };
            throw error;
          }
        }
        return { user: await syncUser(db, billing, user) };
      });
    },

    /** A Stripe billing portal session for the user, returning to their account. */
    async portalUrl(user: User): Promise<string> {
      const billing = requireBilling();
      const customer = user.stripeCustomerId;
      if (!customer) throw badRequest('You have no billing account yet.');
      const { portalConfigurationId } = await stripeCall(() => billing.catalog());
      const session = await stripeCall(() =>
        billing.stripe.billingPortal.sessions.create({
          customer,
          configuration: portalConfigurationId,
          return_url: `${ctx.config.APP_URL}/account`,
        }),
      );
      return session.url;
    },
  };
}
