import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { inFreeTrial, isLiveSubscription, withVat } from '../../shared/access';
import {
  type BillingInterval,
  FREEZE_DAYS,
  type PaidPlanId,
  RETENTION_DISCOUNT,
  TRIAL_DAYS,
} from '../../shared/constants';
import { monthlyAmount, priceFor } from '../../shared/plans';
import type {
  CancelRequest,
  CreateSubscriptionResponse,
  PaymentAuthentication,
  PlanChange,
  PlanChangePreview,
  SubscriptionDetails,
} from '../../shared/schemas/billing';
import type { AppContext } from '../context';
import { cancellations, type User } from '../db/schema';
import { badRequest, conflict, HttpError } from '../lib/http-error';
import { openSecret, sealSecret } from '../lib/secret-box';
import { referralsRepo } from '../referrals/referrals-repo';
import type { Billing } from './billing';
import { billingRepo } from './billing-repo';
import { RETENTION_COUPON_ID } from './catalog';
import { addDiscount } from './discounts';
import {
  billingOf,
  ensureCustomer,
  invoiceIdOf,
  paymentIntentOf,
  requireLiveSubscription,
} from './stripe-account';
import { stripeCall } from './stripe-call';
import { mapStatus, RENEWAL_MOVED_KEY } from './subscription-state';
import { ENDED, hadTrial, readFromStripe, storeSnapshot, syncUser } from './sync';
import { isResumable } from './unconfirmed-trials';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** When the trial a subscription was made with ends: what the subscribe page says before the card. */
const trialEnd = (sub: Stripe.Subscription) =>
  sub.trial_end ? new Date(sub.trial_end * 1000).toISOString() : null;

/** How old a preview may be and still price the switch (else Stripe prices it at its own moment). */
const QUOTE_MAX_AGE_MS = 15 * 60_000;
type Quote = {
  userId: number;
  planId: PaidPlanId;
  interval: BillingInterval;
  prorationDate: number;
  issuedAt: number;
};

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
  expected: { userId: number; planId: PaidPlanId; interval: BillingInterval },
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
  const theirs =
    quote.userId === expected.userId &&
    quote.planId === expected.planId &&
    (quote.interval ?? 'month') === expected.interval;
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
  const requireBilling = () => billingOf(ctx);

  /** Why this subscription cannot move to `planId` billed by `interval` now; else what the move needs. */
  function checkPlanChange(user: User, planId: PaidPlanId, interval: BillingInterval) {
    const billing = requireBilling();
    const subId = requireLiveSubscription(user);
    if (user.plan === planId && user.billingInterval === interval)
      throw conflict('You are already on this plan.');
    // The moved renewal is days paid for, which Stripe holds as a trial: a switch then would be free.
    if (user.renewalMoved)
      throw conflict('Your renewal date has been moved. You can change plan once it has come.');
    // A repeating discount would take half off a whole year's invoice (docs/decisions/096-yearly-plans.md).
    if (interval === 'year' && user.hasDiscount)
      throw conflict('Your 50% discount is still running. You can switch to yearly once it has ended.');
    if (user.subscriptionStatus === 'paused') throw conflict('Resume your subscription first.');
    if (user.cancelAtPeriodEnd)
      throw conflict('Your subscription is set to end. Keep your subscription first, then change plan.');
    const trial = inFreeTrial(user);
    return { billing, subId, trial };
  }

  /**
   * A referral's free month is given in the interval's own way (a coupon on the first monthly invoice,
   * or a month added to a yearly period: referrals/friend-reward.ts): while the trial runs with a code
   * applied, the interval stays, or the coupon would take a whole year off.
   */
  async function checkReferralKept(user: User, interval: BillingInterval, trial: boolean) {
    if (!trial || interval === user.billingInterval) return;
    if (await referralsRepo(db).pendingCodeOf(user.id))
      throw conflict(
        'Your referral month was given for this billing interval. You can switch after your first payment.',
      );
  }

  /** The subscription, its one item, and our price for `planId` by `interval`. */
  async function itemAndPrice(
    billing: Billing,
    subId: string,
    planId: PaidPlanId,
    interval: BillingInterval,
  ) {
    const [sub, catalog] = await Promise.all([
      billing.stripe.subscriptions.retrieve(subId),
      billing.catalog(),
    ]);
    const item = sub.items.data[0];
    if (!item)
      throw new HttpError(502, 'Our payment provider did not respond as expected. Please try again.');
    return { sub, item, price: catalog.priceIds[planId][interval], vatRateId: catalog.vatRateId };
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
   * Moves the next renewal `seconds` past the end of the period paid for, by Stripe's `trial_end` with no
   * proration: the days between are paid for already, and marked so (RENEWAL_MOVED_KEY) that they are not
   * shown or priced as a trial. Within a real trial, the trial is simply longer.
   */
  async function renewalMovedBy(user: User, seconds: number, why: string) {
    const billing = requireBilling();
    const subId = requireLiveSubscription(user);
    const sub = await stripeCall(() => billing.stripe.subscriptions.retrieve(subId));
    const periodEnd = sub.items.data[0]?.current_period_end;
    if (!periodEnd)
      throw new HttpError(502, 'Our payment provider did not respond as expected. Please try again.');
    const inTrial = sub.status === 'trialing' && !sub.metadata?.[RENEWAL_MOVED_KEY];
    return {
      trial_end: periodEnd + seconds,
      proration_behavior: 'none' as const,
      ...(inTrial ? {} : { metadata: { [RENEWAL_MOVED_KEY]: why } }),
    };
  }

  /**
   * The yearly plan's retention offer: the same plan by the month from the end of the year paid for.
   * The price changes now with no proration, and the renewal stays where it was (`trial_end` at the
   * period's end), so the first monthly invoice comes when the year would have renewed.
   */
  async function monthlyAtPeriodEnd(billing: Billing, user: User, subId: string): Promise<User> {
    const plan = user.plan === 'free' ? null : user.plan;
    if (!plan) throw badRequest('You have no active subscription.');
    const [{ item, price }, moved] = await Promise.all([
      stripeCall(() => itemAndPrice(billing, subId, plan, 'month')),
      renewalMovedBy(user, 0, 'to_monthly'),
    ]);
    return change(
      user,
      { items: [{ id: item.id, price }], ...(moved.metadata ? moved : { proration_behavior: 'none' }) },
      `monthly-at-period-end-${user.id}`,
    );
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
    interval: BillingInterval,
  ): Promise<CreateSubscriptionResponse | null> {
    if (!user.stripeSubscriptionId) return null;
    const sub = await billing.stripe.subscriptions.retrieve(user.stripeSubscriptionId, {
      expand: ['pending_setup_intent'],
    });
    const setupIntent = sub.pending_setup_intent as Stripe.SetupIntent | null;
    if (!isResumable(sub) || !setupIntent?.client_secret) return null;
    const catalog = await billing.catalog();
    const item = sub.items.data[0];
    const price = catalog.priceIds[planId][interval];
    if (item && item.price.id !== price) {
      await billing.stripe.subscriptions.update(
        sub.id,
        {
          items: [{ id: item.id, price }],
          proration_behavior: 'none',
          ...withVat(catalog.vatRateId),
        },
        { idempotencyKey: `resume-${sub.id}-${planId}-${interval}-${Date.now()}` },
      );
    }
    const snapshot = await readFromStripe(billing, sub.customer as string, sub.id);
    await db.transaction((tx) => storeSnapshot(tx, user.id, snapshot));
    return { clientSecret: setupIntent.client_secret, intent: 'setup', trialEndsAt: trialEnd(sub) };
  }

  /** Creates the subscription in Stripe; the caller holds the user's creation lease, taken at `claimedAt`. */
  async function startSubscription(
    billing: Billing,
    user: User,
    planId: PaidPlanId,
    interval: BillingInterval,
    claimedAt: Date,
  ): Promise<CreateSubscriptionResponse> {
    const { stripe } = billing;
    const catalog = await billing.catalog();
    const customerId = await ensureCustomer(db, billing, user);
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
        interval,
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
        items: [{ price: catalog.priceIds[planId][interval] }],
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
        metadata: { userId: String(user.id), planId, interval },
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
    async create(
      user: User,
      planId: PaidPlanId,
      interval: BillingInterval = 'month',
    ): Promise<CreateSubscriptionResponse> {
      const billing = requireBilling();
      const resumed = await stripeCall(() => resumePendingSetup(billing, user, planId, interval));
      if (resumed) return resumed;
      if (isLiveSubscription(user.subscriptionStatus)) throw conflict(ALREADY_SUBSCRIBED);
      // One creation at a time per user, decided by the database: a second click waits its turn.
      const claimedAt = await repo.claimCreation(user.id);
      if (!claimedAt) throw conflict('Your subscription is already being set up. Please wait a moment.');
      try {
        return await stripeCall(() => startSubscription(billing, user, planId, interval, claimedAt));
      } finally {
        await repo.releaseCreation(user.id);
      }
    },

    /** Re-reads the subscription from Stripe (without Stripe, the user as stored). */
    async sync(user: User): Promise<User> {
      const billing = ctx.billing;
      return billing ? stripeCall(() => syncUser(db, billing, user)) : user;
    },

    /** The subscription as the Subscription tab shows it (the route adds the practice's members). */
    details(user: User): Omit<SubscriptionDetails, 'practiceMembers'> {
      return {
        plan: user.plan,
        billingInterval: user.billingInterval,
        status: user.subscriptionStatus,
        trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
        currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: user.cancelAtPeriodEnd,
        pausedUntil: user.pausedUntil?.toISOString() ?? null,
        hasDiscount: user.hasDiscount,
        retentionOfferAvailable: !user.retentionOfferUsed,
        retentionOffer: user.billingInterval === 'year' ? 'monthly_at_period_end' : 'discount',
        renewalMoved: user.renewalMoved,
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
      const pause = { pause_collection: { behavior: 'void' as const, resumes_at: resumesAt } };
      if (user.billingInterval === 'month') return change(user, pause, `freeze-${requestId}`);
      // A yearly plan has no invoice in the next 30 days to void, so the freeze would give nothing back:
      // its renewal moves 30 days later instead, while collection pauses and access closes for the 30
      // days as a monthly freeze does (docs/decisions/096-yearly-plans.md).
      const moved = await renewalMovedBy(user, FREEZE_DAYS * 86_400, 'freeze');
      return change(user, { ...pause, ...moved }, `freeze-${requestId}`);
    },

    /**
     * The retention offer: once per user, decided by one conditional update, given back if Stripe
     * refuses. On a monthly plan 50 % off for 3 months; on a yearly plan, which a repeating discount
     * would halve for the whole year, switching to monthly when the paid year ends (docs/decisions/096-yearly-plans.md).
     */
    async discount(user: User): Promise<User> {
      requireLiveSubscription(user);
      if (!(await repo.claimRetentionOffer(user.id)))
        throw conflict(
          user.billingInterval === 'year'
            ? 'The offer to switch to monthly has already been used on this account.'
            : `The ${RETENTION_DISCOUNT.percentOff}% discount has already been used on this account.`,
        );
      try {
        const billing = requireBilling();
        const subId = requireLiveSubscription(user);
        if (user.billingInterval === 'year') return await monthlyAtPeriodEnd(billing, user, subId);
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

    /** What switching to `planId` by `interval` costs now (Stripe's invoice preview), before anything moves. */
    async previewPlanChange(
      user: User,
      planId: PaidPlanId,
      interval: BillingInterval,
    ): Promise<PlanChangePreview> {
      const { billing, subId, trial } = checkPlanChange(user, planId, interval);
      await checkReferralKept(user, interval, trial);
      const nextAmount =
        interval === 'year' ? priceFor(planId, 'year') : monthlyAmount(planId, user.hasDiscount);
      if (trial)
        return {
          planId,
          interval,
          amountNow: 0,
          creditUsed: 0,
          trial,
          nextAmount,
          nextPaymentAt: iso(user.trialEndsAt),
          quote: null,
        };
      const preview = await stripeCall(async () => {
        const { item, price } = await itemAndPrice(billing, subId, planId, interval);
        // No proration_date: Stripe prorates at its own now, and says which (a date of ours could fall
        // outside the period its clock is in).
        return billing.stripe.invoices.createPreview({
          customer: user.stripeCustomerId!,
          subscription: subId,
          subscription_details: { items: [{ id: item.id, price }], proration_behavior: 'always_invoice' },
        });
      });
      const prorationDate = preview.parent?.subscription_details?.subscription_proration_date;
      // The new price's line runs to the next payment: the period's end, or a whole new period from now
      // when the interval changes (Stripe starts the billing cycle again then).
      const periodEnds = preview.lines.data.map((line) => line.period.end);
      const nextPaymentAt = periodEnds.length
        ? new Date(Math.max(...periodEnds) * 1000).toISOString()
        : iso(user.currentPeriodEnd);
      return {
        planId,
        interval,
        amountNow: moneyNow(preview),
        creditUsed: Math.max(0, preview.total - preview.amount_due) / 100,
        trial,
        nextAmount,
        nextPaymentAt,
        quote: prorationDate
          ? sealQuote(ctx.secretsKey, { userId: user.id, planId, interval, prorationDate })
          : null,
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
      { planId, interval, quote }: PlanChange,
      requestId: string,
    ): Promise<{ user: User; amountNow: number } | { authenticate: PaymentAuthentication }> {
      const { billing, subId, trial } = checkPlanChange(user, planId, interval);
      await checkReferralKept(user, interval, trial);
      return stripeCall(async () => {
        const { sub, item, price, vatRateId } = await itemAndPrice(billing, subId, planId, interval);
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
        const prorationDate = quotedProrationDate(
          ctx.secretsKey,
          quote,
          { userId: user.id, planId, interval },
          item,
        );
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

    /** Takes a cancellation back before the period ends; the admin's figures stop counting it. */
    async keep(user: User, requestId: string): Promise<User> {
      const kept = await change(user, { cancel_at_period_end: false }, `keep-${requestId}`);
      await db.execute(sql`
        update ${cancellations} set undone_at = now()
        where id = (select id from ${cancellations} where user_id = ${user.id} and undone_at is null
                    order by created_at desc, id desc limit 1)`);
      return kept;
    },

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
  };
}
