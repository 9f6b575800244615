/**
 * What Stripe Billing does on its own: invoices with coupons and customer balance applied,
 * payments that succeed or fail, status changes, and the events each of those sends.
 */
import type Stripe from 'stripe';
import { View } from './render';
import {
  addInterval,
  addMonths,
  type Card,
  type InvoiceRecord,
  type StripeState,
  type SubscriptionRecord,
} from './state';
import { type JsonObject, newId, StripeFault } from './wire';

export type Decline = 'card_declined' | 'insufficient_funds' | 'expired_card';

const DECLINES: Record<Decline, { code: string; decline_code?: string; message: string }> = {
  card_declined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
};

const DAY = 86_400;

/** A subscription whose renewal is unpaid: still retried (past_due), or no longer (unpaid). */
const owes = (sub: SubscriptionRecord) => sub.status === 'past_due' || sub.status === 'unpaid';

/**
 * How long Smart Retries keep trying a failed renewal in the fake: the account's schedule set to end
 * after a week, then 'mark the subscription as unpaid' (Stripe's Billing settings, docs/decisions/066-failed-renewal-grace-and-money-mails.md).
 */
const RETRY_DAYS = 7;

/** Stripe's test card that attaches but whose charges are declined (4000 0000 0000 0341). */
export const DECLINING_CARD = '0341';
/**
 * Stripe's test cards whose bank asks the person to authenticate (3D Secure): 4000 0027 6000 3184 on
 * every payment, however it was set up; 4000 0025 0000 3155 on a payment made with the person present
 * (on-session), and on one made while they are away unless the card was set up for that.
 */
export const ALWAYS_AUTHENTICATES = '3184';
export const AUTHENTICATES_UNLESS_SET_UP = '3155';

/** Stripe's PaymentIntent error when the bank's authentication was not completed. */
const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
/** The same for a SetupIntent. */
const SETUP_AUTHENTICATION_FAILED = { ...AUTHENTICATION_FAILED, code: 'setup_intent_authentication_failure' };

/**
 * Whether the bank asks the person present (on-session: a card typed into the page) to authenticate a
 * card's first use: both of Stripe's 3D Secure test cards do.
 */
const asksOnSession = (card: Partial<Card> | undefined) =>
  card?.last4 === ALWAYS_AUTHENTICATES || card?.last4 === AUTHENTICATES_UNLESS_SET_UP;

/** How long a pending update waits for its invoice to be paid (Stripe: 23 hours). */
const PENDING_UPDATE_LIFETIME_S = 23 * 3600;

export class Billing {
  /** Events carry the SDK's own API version shape, as a webhook endpoint pinned to it would get. */
  private readonly view: View;

  constructor(readonly state: StripeState) {
    this.view = new View(state, false);
  }

  /** Runs a change and returns the events it caused. */
  capture(change: () => void): Stripe.Event[] {
    const from = this.state.events.length;
    change();
    return this.state.events.slice(from);
  }

  /** Applies a change to a subscription and sends customer.subscription.updated with what changed. */
  changeSubscription(sub: SubscriptionRecord, change: () => void): void {
    const before = this.view.subscription(sub.id);
    change();
    const after = this.view.subscription(sub.id);
    const previous: JsonObject = {};
    for (const [key, value] of Object.entries(before))
      if (JSON.stringify(value) !== JSON.stringify(after[key])) previous[key] = value;
    if (Object.keys(previous).length) this.state.emit('customer.subscription.updated', after, previous);
  }

  /** A card attached to the customer; `setUp`: saved for off-session use (a SetupIntent, or a payment that saved it). */
  newPaymentMethod(customer: string, card: Partial<Card> = {}, setUp = true): string {
    const id = newId('pm');
    this.state.paymentMethods.set(id, {
      id,
      created: this.state.now(customer),
      customer,
      set_up_for_off_session: setUp,
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        ...card,
      },
    });
    this.state.emit('payment_method.attached', this.view.paymentMethod(id));
    return id;
  }

  /** A SetupIntent to save a card: a subscription's (its pending one), or the customer's alone. */
  newSetupIntent(sub: SubscriptionRecord | { customer: string; id: null }): string {
    const id = newId('seti');
    this.state.setupIntents.set(id, {
      id,
      created: this.state.now(sub.customer),
      customer: sub.customer,
      subscription: sub.id,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${newId('x', 24).slice(2)}`,
      payment_method: null,
      last_setup_error: null,
      pending_card: null,
    });
    return id;
  }

  /**
   * Finalizes the invoice for one period: price, minus the coupon, minus the customer's credit.
   * Paused (`void`) subscriptions get a void invoice; a zero amount is paid at once; otherwise it
   * stays open with a PaymentIntent for the caller to confirm or charge.
   */
  invoice(sub: SubscriptionRecord, reason: InvoiceRecord['billing_reason'], trial = false): InvoiceRecord {
    const { state } = this;
    const price = state.find(state.prices, 'price', sub.item.price);
    const customer = state.find(state.customers, 'customer', sub.customer);
    const now = state.now(sub.customer);
    const subtotal = trial ? 0 : price.unit_amount;

    // Each discount in turn takes its part of what the ones before it left. Trial invoices (zero) do
    // not use up a discount: it starts with the first paid period.
    const discountAmounts: InvoiceRecord['discount_amounts'] = [];
    let left = subtotal;
    for (const discount of sub.discounts.map((id) => state.find(state.discounts, 'discount', id))) {
      const coupon = state.coupons.get(discount.coupon);
      if (!coupon || subtotal <= 0 || discount.invoices_left === 0) continue;
      const amount =
        coupon.percent_off !== null
          ? Math.round((left * coupon.percent_off) / 100)
          : Math.min(coupon.amount_off ?? 0, left);
      left -= amount;
      if (amount > 0) discountAmounts.push({ discount: discount.id, amount });
      if (discount.invoices_left !== null) discount.invoices_left -= 1;
    }
    // Stripe removes a discount from the subscription once it has ended.
    sub.discounts = sub.discounts.filter((id) => state.discounts.get(id)?.invoices_left !== 0);
    const total = left;

    const voided = reason === 'subscription_cycle' && sub.pause_collection?.behavior === 'void';
    // Credit (negative balance) is consumed first; a debit (positive) is added to what is due.
    const startingBalance = customer.balance;
    const applied = voided ? 0 : startingBalance < 0 ? -Math.min(-startingBalance, total) : startingBalance;
    const amountDue = total + applied;

    const id = newId('in');
    const inv: InvoiceRecord = {
      id,
      customer: customer.id,
      subscription: sub.id,
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      status: voided ? 'void' : amountDue === 0 ? 'paid' : 'open',
      created: now,
      billing_reason: reason,
      // Stripe bills in advance: the first invoice's own period is its creation instant,
      // a renewal's is the period just ended; the line covers the period being paid for.
      period_start: reason === 'subscription_create' ? now : sub.item.current_period_start,
      period_end: now,
      price: price.id,
      line_period: { start: sub.item.current_period_start, end: sub.item.current_period_end },
      subtotal,
      discount_amounts: discountAmounts,
      taxes: this.taxes(sub, total),
      total,
      starting_balance: startingBalance,
      ending_balance: startingBalance - applied,
      amount_due: amountDue,
      amount_paid: 0,
      attempt_count: 0,
      next_payment_attempt: null,
      payment_intent: null,
      paid_at: !voided && amountDue === 0 ? now : null,
      voided_at: voided ? now : null,
    };
    state.invoices.set(id, inv);
    sub.latest_invoice = id;

    if (applied !== 0) {
      customer.balance -= applied;
      const txn = newId('cbtxn');
      state.balanceTransactions.set(txn, {
        id: txn,
        created: now,
        customer: customer.id,
        amount: -applied,
        currency: price.currency,
        description: null,
        metadata: {},
        ending_balance: customer.balance,
        type: 'applied_to_invoice',
        invoice: id,
      });
    }
    if (inv.status === 'open') {
      const pi = newId('pi');
      state.paymentIntents.set(pi, {
        id: pi,
        created: now,
        customer: customer.id,
        invoice: id,
        amount: amountDue,
        currency: price.currency,
        status: 'requires_payment_method',
        client_secret: `${pi}_secret_${newId('x', 24).slice(2)}`,
        payment_method: null,
        last_payment_error: null,
      });
      inv.payment_intent = pi;
    }

    state.emit('invoice.created', this.view.invoice(id));
    state.emit('invoice.finalized', this.view.invoice(id));
    if (inv.status === 'paid') this.emitPaid(inv);
    if (inv.status === 'void') state.emit('invoice.voided', this.view.invoice(id));
    return inv;
  }

  /** Whether the card's bank asks the person to authenticate this payment (see ALWAYS_AUTHENTICATES). */
  asksForAuthentication(pm: string | null, offSession: boolean): boolean {
    const method = pm ? this.state.paymentMethods.get(pm) : undefined;
    if (method?.card.last4 === ALWAYS_AUTHENTICATES) return true;
    if (method?.card.last4 === AUTHENTICATES_UNLESS_SET_UP)
      return !offSession || !method.set_up_for_off_session;
    return false;
  }

  private emitPaid(inv: InvoiceRecord): void {
    this.state.emit('invoice.paid', this.view.invoice(inv.id));
    this.state.emit('invoice.payment_succeeded', this.view.invoice(inv.id));
  }

  /**
   * One payment attempt on an open invoice. `pm` is the card used; without it the subscription's
   * default card, then the customer's. Stripe's own attempts are made while the person is away
   * (`offSession`, the default); `authenticated`: the person has just passed their bank's check.
   * Returns whether the invoice got paid.
   */
  pay(
    inv: InvoiceRecord,
    opts: {
      decline?: Decline;
      pm?: string;
      requiresAction?: boolean;
      offSession?: boolean;
      authenticated?: boolean;
    } = {},
  ): boolean {
    const { state } = this;
    const sub = state.find(state.subscriptions, 'subscription', inv.subscription);
    const customer = state.find(state.customers, 'customer', inv.customer);
    const pi = state.find(state.paymentIntents, 'payment_intent', inv.payment_intent ?? '');
    const pm = opts.pm ?? sub.default_payment_method ?? customer.invoice_settings.default_payment_method;
    inv.attempt_count += 1;
    const decline =
      opts.decline ??
      (pm && state.paymentMethods.get(pm)?.card.last4 === DECLINING_CARD ? 'card_declined' : undefined);

    // The card's bank wants the person to confirm (SCA): the invoice stays open, nothing is retried
    // by itself, and Stripe tells the merchant so the person can confirm on the hosted invoice page.
    const asks =
      opts.requiresAction || (!opts.authenticated && this.asksForAuthentication(pm, opts.offSession ?? true));
    if (asks && pm && !decline) {
      pi.status = 'requires_action';
      pi.payment_method = pm;
      inv.next_payment_attempt = null;
      state.emit('payment_intent.requires_action', this.view.paymentIntent(pi.id));
      state.emit('invoice.payment_action_required', this.view.invoice(inv.id));
      return false;
    }
    if (decline || !pm) {
      pi.last_payment_error = decline
        ? DECLINES[decline]
        : { code: 'payment_intent_payment_attempt_failed', message: 'The customer has no payment method.' };
      // Smart Retries try a renewal again; a subscription's first invoice is never retried.
      inv.next_payment_attempt =
        inv.billing_reason === 'subscription_create' ? null : state.now(inv.customer) + 3 * DAY;
      state.emit('payment_intent.payment_failed', this.view.paymentIntent(pi.id));
      state.emit('invoice.payment_failed', this.view.invoice(inv.id));
      return false;
    }

    pi.status = 'succeeded';
    pi.payment_method = pm;
    pi.last_payment_error = null;
    inv.status = 'paid';
    inv.amount_paid = inv.amount_due;
    inv.paid_at = state.now(inv.customer);
    inv.next_payment_attempt = null;
    state.emit('payment_intent.succeeded', this.view.paymentIntent(pi.id));
    this.emitPaid(inv);
    // A pending update is applied once its invoice is paid.
    if (sub.pending_update && sub.latest_invoice === inv.id) {
      this.movePrice(sub, sub.pending_update.price, inv.line_period.start);
      sub.pending_update = null;
    }
    return true;
  }

  /**
   * POST /v1/invoices/:id/pay: charges an open invoice now, with `pm` (attached to the customer) or
   * the default card, off-session unless told otherwise (Stripe's default). A decline is Stripe's 402
   * card error, after the failed attempt is recorded; a bank that asks the person to authenticate is
   * Stripe's 402 `invoice_payment_intent_requires_action`, the PaymentIntent left in requires_action.
   */
  payNow(invoiceId: string, pm: string | undefined, offSession = true): void {
    const { state } = this;
    const inv = state.find(state.invoices, 'invoice', invoiceId);
    if (inv.status !== 'open')
      throw new StripeFault(400, { type: 'invalid_request_error', message: 'Invoice is already paid' });
    const pi = state.find(state.paymentIntents, 'payment_intent', inv.payment_intent ?? '');
    if (pi.status === 'requires_action') pi.status = 'requires_payment_method';
    const sub = state.find(state.subscriptions, 'subscription', inv.subscription);
    let paid = false;
    this.changeSubscription(sub, () => {
      paid = this.pay(inv, { pm, offSession });
      if (paid && owes(sub)) sub.status = 'active';
    });
    // Read again: the attempt above may have left it waiting for the person.
    if (state.paymentIntents.get(pi.id)?.status === 'requires_action')
      throw new StripeFault(402, {
        type: 'card_error',
        code: 'invoice_payment_intent_requires_action',
        message:
          'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.',
      });
    if (!paid) throw new StripeFault(402, { type: 'card_error', ...DECLINES.card_declined });
  }

  /** The person confirmed the payment their bank asked about, on Stripe's hosted invoice page. */
  confirmRequiredAction(invoiceId: string): void {
    const { state } = this;
    const inv = state.find(state.invoices, 'invoice', invoiceId);
    const pi = state.find(state.paymentIntents, 'payment_intent', inv.payment_intent ?? '');
    if (pi.status !== 'requires_action')
      throw new Error(`PaymentIntent ${pi.id} is ${pi.status}, not requires_action`);
    const sub = state.find(state.subscriptions, 'subscription', inv.subscription);
    pi.status = 'requires_payment_method';
    this.changeSubscription(sub, () => {
      const pm = pi.payment_method ?? undefined;
      const paid = this.pay(inv, { pm, authenticated: true });
      if (!paid) return;
      // A first payment made in the page (confirmPaymentOnSession): its card becomes the subscription's.
      if (sub.status === 'incomplete' && pm && sub.save_default_payment_method)
        sub.default_payment_method = pm;
      if (owes(sub) || sub.status === 'incomplete') sub.status = 'active';
    });
  }

  /**
   * The person answered their bank's check in the page (Stripe.js's 3D Secure challenge) for a
   * PaymentIntent in requires_action: passed, the invoice is paid with that card (and a pending update
   * applied); failed, the PaymentIntent goes back to requires_payment_method with Stripe's error.
   */
  authenticate(paymentIntentId: string, passed: boolean): void {
    const { state } = this;
    const pi = state.find(state.paymentIntents, 'payment_intent', paymentIntentId);
    if (pi.status !== 'requires_action')
      throw new Error(`PaymentIntent ${pi.id} is ${pi.status}, not requires_action`);
    const inv = state.find(state.invoices, 'invoice', pi.invoice ?? '');
    if (passed) {
      this.confirmRequiredAction(inv.id);
      return;
    }
    pi.status = 'requires_payment_method';
    pi.last_payment_error = AUTHENTICATION_FAILED;
    state.emit('payment_intent.payment_failed', this.view.paymentIntent(pi.id));
    state.emit('invoice.payment_failed', this.view.invoice(inv.id));
  }

  /**
   * POST /v1/invoices/:id/void: an open invoice is void and its PaymentIntent canceled; a pending
   * update waiting for it is discarded.
   */
  voidInvoice(invoiceId: string): void {
    const { state } = this;
    const inv = state.find(state.invoices, 'invoice', invoiceId);
    if (inv.status !== 'open')
      throw new StripeFault(400, {
        type: 'invalid_request_error',
        message: `You can only void open invoices; this invoice is ${inv.status}.`,
      });
    const sub = state.find(state.subscriptions, 'subscription', inv.subscription);
    const pi = inv.payment_intent ? state.paymentIntents.get(inv.payment_intent) : undefined;
    this.changeSubscription(sub, () => {
      inv.status = 'void';
      inv.voided_at = state.now(inv.customer);
      inv.next_payment_attempt = null;
      if (pi) pi.status = 'canceled';
      if (sub.latest_invoice === inv.id) sub.pending_update = null;
      state.emit('invoice.voided', this.view.invoice(inv.id));
    });
  }

  /** A card entered in the browser (Payment Element) pays the invoice's PaymentIntent. */
  confirmPaymentIntent(id: string, opts: { fail?: Decline; card?: Partial<Card> }): void {
    const { state } = this;
    const pi = state.find(state.paymentIntents, 'payment_intent', id);
    if (pi.status !== 'requires_payment_method')
      throw new Error(`PaymentIntent ${id} is ${pi.status}; only requires_payment_method can be confirmed`);
    const inv = state.find(state.invoices, 'invoice', pi.invoice ?? '');
    const sub = state.find(state.subscriptions, 'subscription', inv.subscription);
    if (opts.fail) {
      this.pay(inv, { decline: opts.fail });
      return;
    }
    // A subscription's payment saves the card for later (setup_future_usage: off_session).
    const pm = this.newPaymentMethod(pi.customer, opts.card);
    this.changeSubscription(sub, () => {
      this.pay(inv, { pm });
      if (sub.save_default_payment_method) sub.default_payment_method = pm;
      if (sub.status === 'incomplete' || owes(sub)) sub.status = 'active';
    });
  }

  /**
   * Stripe.js confirms a first payment with a card typed in the page, the person present: a card
   * whose bank asks (both 3D Secure test cards, on-session) leaves the PaymentIntent in
   * `requires_action` for the check in the page (`authenticate`); any other pays at once.
   */
  confirmPaymentOnSession(id: string, card: Partial<Card>): void {
    const { state } = this;
    const pi = state.find(state.paymentIntents, 'payment_intent', id);
    if (!asksOnSession(card)) {
      this.confirmPaymentIntent(id, { card });
      return;
    }
    if (pi.status !== 'requires_payment_method')
      throw new Error(`PaymentIntent ${id} is ${pi.status}; only requires_payment_method can be confirmed`);
    const inv = state.find(state.invoices, 'invoice', pi.invoice ?? '');
    // Saved for later (setup_future_usage: off_session) once the bank's check passes.
    this.pay(inv, { pm: this.newPaymentMethod(pi.customer, card), offSession: false });
  }

  /**
   * Stripe.js confirms a SetupIntent with a card typed in the page: a card whose bank asks (both
   * 3D Secure test cards, on their first use) leaves it in `requires_action` for the check in the page
   * (`authenticateSetup`); any other is saved at once.
   */
  confirmSetupOnSession(id: string, card: Partial<Card>): void {
    const { state } = this;
    const seti = state.find(state.setupIntents, 'setup_intent', id);
    if (!asksOnSession(card)) {
      this.confirmSetupIntent(id, card);
      return;
    }
    if (seti.status !== 'requires_payment_method')
      throw new Error(`SetupIntent ${id} is already ${seti.status}`);
    seti.status = 'requires_action';
    seti.pending_card = card;
    seti.last_setup_error = null;
    state.emit('setup_intent.requires_action', this.view.setupIntent(id));
  }

  /**
   * The person answered their bank's check in the page for a SetupIntent in `requires_action`: passed,
   * the card is saved as `confirmSetupIntent` saves it (set up for payments while they are away);
   * failed, the SetupIntent waits for another card with Stripe's error.
   */
  authenticateSetup(id: string, passed: boolean): void {
    const { state } = this;
    const seti = state.find(state.setupIntents, 'setup_intent', id);
    if (seti.status !== 'requires_action')
      throw new Error(`SetupIntent ${id} is ${seti.status}, not requires_action`);
    const card = seti.pending_card ?? undefined;
    seti.status = 'requires_payment_method';
    seti.pending_card = null;
    if (passed) {
      this.confirmSetupIntent(id, card);
      return;
    }
    seti.last_setup_error = SETUP_AUTHENTICATION_FAILED;
    state.emit('setup_intent.setup_failed', this.view.setupIntent(id));
  }

  /** The browser confirmed the subscription's pending SetupIntent: the card is saved for renewals. */
  confirmSetupIntent(id: string, card?: Partial<Card>): void {
    const { state } = this;
    const seti = state.find(state.setupIntents, 'setup_intent', id);
    if (seti.status !== 'requires_payment_method')
      throw new Error(`SetupIntent ${id} is already ${seti.status}`);
    const pm = this.newPaymentMethod(seti.customer, card);
    seti.status = 'succeeded';
    seti.payment_method = pm;
    seti.last_setup_error = null;
    state.emit('setup_intent.succeeded', this.view.setupIntent(id));
    const sub = seti.subscription ? state.subscriptions.get(seti.subscription) : undefined;
    if (!sub) return;
    this.changeSubscription(sub, () => {
      if (sub.pending_setup_intent === id) sub.pending_setup_intent = null;
      if (sub.save_default_payment_method) sub.default_payment_method = pm;
    });
  }

  cancelNow(sub: SubscriptionRecord): void {
    const now = this.state.now(sub.customer);
    sub.status = 'canceled';
    sub.canceled_at ??= now;
    sub.ended_at = now;
    sub.pause_collection = null;
    this.state.emit('customer.subscription.deleted', this.view.subscription(sub.id));
  }

  /** The clock reaches the end of the current period (trial or paid): cancel, or renew and charge. */
  renew(sub: SubscriptionRecord, opts: { paymentFails?: boolean; requiresAction?: boolean } = {}): void {
    const { state } = this;
    const boundary = sub.item.current_period_end;
    state.advanceTo(sub.customer, boundary);
    if (sub.cancel_at_period_end) {
      this.cancelNow(sub);
      return;
    }
    // A trial ending with no card anywhere does what trial_settings says; `cancel` ends it with no
    // invoice (Stripe's "free trials without a payment method").
    const { invoice_settings } = state.find(state.customers, 'customer', sub.customer);
    if (
      sub.status === 'trialing' &&
      !sub.default_payment_method &&
      !invoice_settings.default_payment_method
    ) {
      const behavior = sub.trial_settings.end_behavior.missing_payment_method;
      if (behavior === 'cancel') {
        this.cancelNow(sub);
        return;
      }
      if (behavior === 'pause') throw new Error('the fake Stripe does not pause a trial without a card');
    }
    this.changeSubscription(sub, () => {
      if (sub.pause_collection?.resumes_at && sub.pause_collection.resumes_at <= boundary)
        sub.pause_collection = null;
      const price = state.find(state.prices, 'price', sub.item.price);
      sub.item.current_period_start = boundary;
      sub.item.current_period_end = addInterval(boundary, price.recurring);
      if (sub.status === 'trialing') {
        sub.status = 'active';
        sub.billing_cycle_anchor = boundary;
      }
      const inv = this.invoice(sub, 'subscription_cycle');
      if (inv.status === 'open') {
        // Charged while the person is away: a card whose bank asks then (ALWAYS_AUTHENTICATES) leaves
        // the renewal waiting for them to confirm it.
        const paid = this.pay(inv, {
          ...(opts.paymentFails ? { decline: 'card_declined' as const } : {}),
          requiresAction: opts.requiresAction,
        });
        sub.status = paid ? 'active' : 'past_due';
      }
    });
  }

  /**
   * The retry schedule of a failed renewal runs out: the clock moves on `RETRY_DAYS`, the last retry is
   * declined, and Stripe marks the subscription `unpaid` (its invoice stays open, to be paid).
   */
  endRetries(sub: SubscriptionRecord): void {
    const { state } = this;
    if (sub.status !== 'past_due') throw new Error(`Subscription ${sub.id} is ${sub.status}, not past_due`);
    const inv = state.find(state.invoices, 'invoice', sub.latest_invoice ?? '');
    if (inv.status !== 'open') throw new Error(`Invoice ${inv.id} is ${inv.status}, not open`);
    state.advanceTo(sub.customer, inv.created + RETRY_DAYS * DAY);
    this.changeSubscription(sub, () => {
      this.pay(inv, { decline: 'card_declined' });
      inv.next_payment_attempt = null;
      sub.status = 'unpaid';
    });
  }

  /** Three days before the trial ends Stripe sends customer.subscription.trial_will_end. */
  trialWillEnd(sub: SubscriptionRecord): void {
    if (sub.status !== 'trialing' || sub.trial_end === null)
      throw new Error(`Subscription ${sub.id} is ${sub.status}, not trialing`);
    this.state.advanceTo(sub.customer, sub.trial_end - 3 * DAY);
    this.state.emit('customer.subscription.trial_will_end', this.view.subscription(sub.id));
  }

  /**
   * The tax in an invoice's total from the subscription's rates. An inclusive rate is the part of the
   * total that is tax (20 % inclusive: total × 20 / 120, rounded to the penny); an exclusive one
   * would be added to it, which this fake does not do (ChairNotes' prices include VAT).
   */
  taxes(sub: SubscriptionRecord, total: number): InvoiceRecord['taxes'] {
    return sub.default_tax_rates.map((id) => {
      const rate = this.state.find(this.state.taxRates, 'tax_rate', id);
      if (!rate.inclusive) throw new Error('the fake Stripe applies inclusive tax rates only');
      const amount = Math.round((total * rate.percentage) / (100 + rate.percentage));
      return { tax_rate: id, amount, taxable_amount: total - amount };
    });
  }

  /** A new discount for a coupon; `repeating` ones end after their months, counted from now. */
  newDiscount(sub: SubscriptionRecord, couponId: string): string {
    const coupon = this.state.coupons.get(couponId);
    if (!coupon) throw new Error(`unknown coupon ${couponId}`);
    coupon.times_redeemed += 1;
    const id = newId('di');
    const start = this.state.now(sub.customer);
    const months = coupon.duration_in_months ?? 1;
    const recurring = this.state.prices.get(sub.item.price)?.recurring;
    const monthsPerInvoice =
      recurring?.interval === 'year' ? 12 * recurring.interval_count : (recurring?.interval_count ?? 1);
    this.state.discounts.set(id, {
      id,
      coupon: couponId,
      customer: sub.customer,
      subscription: sub.id,
      start,
      end: coupon.duration === 'repeating' ? addMonths(start, months) : null,
      invoices_left:
        coupon.duration === 'once'
          ? 1
          : coupon.duration === 'repeating'
            ? Math.ceil(months / monthsPerInvoice)
            : null,
    });
    return id;
  }

  /**
   * Moves the subscription to another price at `at` (Stripe's proration_date), as proration_behavior
   * `always_invoice` does: an invoice of the unused time on the old price (a credit) and the remaining
   * time on the new one, with the subscription's percent discount, finalised at once. A positive amount
   * due is charged to the saved card, with the person present unless `offSession`; a negative total
   * goes to the customer's balance, for the next invoice. By `behavior` (payment_behavior), a charge
   * that does not go through: `error_if_incomplete` throws Stripe's 402 and changes nothing;
   * `pending_if_incomplete` leaves the invoice open and the price change pending (`pending_update`);
   * otherwise the change applies with the invoice open. `preview` builds the same invoice as a draft
   * and keeps nothing (POST /v1/invoices/create_preview). Returns the invoice and whether the price
   * changes now.
   */
  /**
   * The item moves to `price` at `at`. A price of another interval starts a new billing period there
   * (Stripe resets the billing cycle anchor to the moment of the change), except in a trial, whose end
   * stays the period's end.
   */
  movePrice(sub: SubscriptionRecord, price: string, at: number): void {
    const { state } = this;
    const before = state.find(state.prices, 'price', sub.item.price).recurring;
    const after = state.find(state.prices, 'price', price).recurring;
    sub.item.price = price;
    if (sub.status === 'trialing' || !after || sameInterval(before, after)) return;
    sub.item.current_period_start = at;
    sub.item.current_period_end = addInterval(at, after);
    sub.billing_cycle_anchor = at;
  }

  prorate(
    sub: SubscriptionRecord,
    newPrice: string,
    at: number,
    mode: { preview: true } | { preview?: false; behavior: string; offSession: boolean },
  ): { inv: InvoiceRecord; applies: boolean } {
    const preview = mode.preview === true;
    const { state } = this;
    const oldPrice = state.find(state.prices, 'price', sub.item.price);
    const next = state.find(state.prices, 'price', newPrice);
    const { current_period_start: start, current_period_end: end } = sub.item;
    // A trial's time is free on either price.
    const share = sub.status === 'trialing' ? 0 : Math.max(0, end - at) / (end - start);
    const unused = -Math.round(oldPrice.unit_amount * share);
    // Another interval starts a whole new period at `at`, charged in full (Stripe's billing cycle reset).
    const resets = sub.status !== 'trialing' && !sameInterval(oldPrice.recurring, next.recurring);
    const remaining = resets ? next.unit_amount : Math.round(next.unit_amount * share);
    const lineEnd = resets ? addInterval(at, next.recurring) : end;
    const subtotal = unused + remaining;
    // Repeating percent discounts apply to prorations too (a once coupon was spent on the first invoice).
    const discountAmounts: InvoiceRecord['discount_amounts'] = [];
    let left = subtotal;
    for (const discount of sub.discounts.map((id) => state.find(state.discounts, 'discount', id))) {
      const coupon = discount.invoices_left !== 0 ? state.coupons.get(discount.coupon) : undefined;
      const percent = coupon && coupon.duration !== 'once' ? (coupon.percent_off ?? 0) : 0;
      const amount = Math.round((left * percent) / 100);
      left -= amount;
      if (amount !== 0) discountAmounts.push({ discount: discount.id, amount });
    }
    const total = left;
    const customer = state.find(state.customers, 'customer', sub.customer);
    const credit = customer.balance < 0 && total > 0 ? -Math.min(-customer.balance, total) : 0;
    const amountDue = Math.max(0, total + credit);
    const now = state.now(customer.id);
    const product = (price: string) =>
      state.products.get(state.find(state.prices, 'price', price).product)?.name;
    const inv: InvoiceRecord = {
      id: newId(preview ? 'upcoming_in' : 'in'),
      customer: customer.id,
      subscription: sub.id,
      number: preview
        ? null
        : `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      status: preview ? 'draft' : amountDue === 0 ? 'paid' : 'open',
      created: now,
      billing_reason: 'subscription_update',
      period_start: now,
      period_end: now,
      price: newPrice,
      line_period: { start: at, end: lineEnd },
      subtotal,
      discount_amounts: discountAmounts,
      taxes: this.taxes(sub, total),
      total,
      starting_balance: customer.balance,
      // A credit note of a negative total stays on the balance for the next invoice.
      ending_balance: customer.balance + (total < 0 ? total : credit === 0 ? 0 : -credit),
      amount_due: amountDue,
      amount_paid: 0,
      attempt_count: 0,
      next_payment_attempt: null,
      payment_intent: null,
      paid_at: !preview && amountDue === 0 ? now : null,
      voided_at: null,
      ...(preview ? { proration_date: at } : {}),
      proration_lines: [
        { amount: unused, price: oldPrice.id, description: `Unused time on ${product(oldPrice.id)}` },
        { amount: remaining, price: next.id, description: `Remaining time on ${product(next.id)}` },
      ],
    };
    if (mode.preview) return { inv, applies: false };
    const pm = sub.default_payment_method ?? customer.invoice_settings.default_payment_method;
    if (amountDue > 0 && mode.behavior === 'error_if_incomplete') {
      if (!pm || state.paymentMethods.get(pm)?.card.last4 === DECLINING_CARD)
        throw new StripeFault(402, { type: 'card_error', ...DECLINES.card_declined });
      if (this.asksForAuthentication(pm, mode.offSession))
        throw new StripeFault(402, {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        });
    }
    state.invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    customer.balance = inv.ending_balance;
    if (amountDue > 0) {
      const pi = newId('pi');
      state.paymentIntents.set(pi, {
        id: pi,
        created: now,
        customer: customer.id,
        invoice: inv.id,
        amount: amountDue,
        currency: next.currency,
        status: 'requires_payment_method',
        client_secret: `${pi}_secret_${newId('x', 24).slice(2)}`,
        payment_method: null,
        last_payment_error: null,
      });
      inv.payment_intent = pi;
    }
    state.emit('invoice.created', this.view.invoice(inv.id));
    state.emit('invoice.finalized', this.view.invoice(inv.id));
    if (amountDue === 0) {
      this.emitPaid(inv);
      return { inv, applies: true };
    }
    const paid = this.pay(inv, { offSession: mode.offSession });
    if (paid || mode.behavior !== 'pending_if_incomplete') return { inv, applies: true };
    sub.pending_update = { price: newPrice, expires_at: now + PENDING_UPDATE_LIFETIME_S };
    return { inv, applies: false };
  }

  emitSubscription(type: string, sub: SubscriptionRecord): void {
    this.state.emit(type, this.view.subscription(sub.id));
  }
}

type Recurring = { interval: string; interval_count: number } | null;
const sameInterval = (a: Recurring, b: Recurring) =>
  a?.interval === b?.interval && a?.interval_count === b?.interval_count;
