/**
 * The fake's memory. Records keep Stripe's field names where they mean the same thing, so a test
 * can read `fake.state.subscriptions.get(id)?.status`; references are ids, as in Stripe.
 */
import Stripe from 'stripe';
import { type JsonObject, newId, noSuch } from './wire';

type Interval = 'day' | 'week' | 'month' | 'year';

export interface CustomerRecord {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Record<string, string>;
  /** Negative is credit the customer can spend, as in Stripe. */
  balance: number;
  currency: string | null;
  invoice_settings: { default_payment_method: string | null };
  invoice_prefix: string;
  next_invoice_sequence: number;
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    postal_code: string | null;
    state: string | null;
    country: string | null;
  } | null;
}

/** A customer's tax id (a UK VAT number: `gb_vat`). */
export interface TaxIdRecord {
  id: string;
  created: number;
  customer: string;
  type: string;
  value: string;
}

export interface ProductRecord {
  id: string;
  created: number;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
}

export interface PriceRecord {
  id: string;
  created: number;
  product: string;
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: Interval; interval_count: number } | null;
  lookup_key: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
}

export interface CouponRecord {
  id: string;
  created: number;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  metadata: Record<string, string>;
  times_redeemed: number;
}

export interface DiscountRecord {
  id: string;
  coupon: string;
  customer: string;
  subscription: string;
  start: number;
  /** When a `repeating` coupon ends, as Stripe shows it; null for `once` and `forever`. */
  end: number | null;
  /**
   * Invoices still to discount (null: forever). The fake counts billing periods instead of comparing
   * timestamps, so "3 months" is exactly three monthly invoices even when renewals land on `end`.
   */
  invoices_left: number | null;
}

export interface SubscriptionRecord {
  id: string;
  customer: string;
  /** 'unpaid': Stripe's retries ran out (the account's setting, docs/decisions/066-failed-renewal-grace-and-money-mails.md). */
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  /** One item: all ChairNotes needs. */
  item: {
    id: string;
    created: number;
    price: string;
    current_period_start: number;
    current_period_end: number;
  };
  trial_start: number | null;
  trial_end: number | null;
  /** What the trial's end does when the customer gave no card (Stripe's default: `create_invoice`). */
  trial_settings: { end_behavior: { missing_payment_method: 'cancel' | 'create_invoice' | 'pause' } };
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  pause_collection: {
    behavior: 'keep_as_draft' | 'mark_uncollectible' | 'void';
    resumes_at: number | null;
  } | null;
  /** Discount ids, applied in this order (Stripe's `discounts`; setting them replaces the list). */
  discounts: string[];
  /** Why it was cancelled, as the customer said (`cancellation_details`). */
  cancellation: { feedback: string | null; comment: string | null };
  /** Tax rate ids applied to every invoice of the subscription. */
  default_tax_rates: string[];
  metadata: Record<string, string>;
  latest_invoice: string | null;
  default_payment_method: string | null;
  pending_setup_intent: string | null;
  /**
   * A price change made with `payment_behavior: pending_if_incomplete` whose invoice is not paid yet:
   * applied when `latest_invoice` is paid, discarded when that invoice is voided or it expires.
   */
  pending_update: { price: string; expires_at: number } | null;
  /** payment_settings.save_default_payment_method === 'on_subscription' */
  save_default_payment_method: boolean;
}

export interface InvoiceRecord {
  id: string;
  customer: string;
  subscription: string;
  /** Null on a preview (invoices.createPreview): Stripe numbers an invoice as it finalizes it. */
  number: string | null;
  /** 'draft' only for a preview, never stored. */
  status: 'draft' | 'open' | 'paid' | 'void';
  created: number;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  period_start: number;
  period_end: number;
  price: string;
  line_period: { start: number; end: number };
  subtotal: number;
  /** What each discount took off, in the order applied. */
  discount_amounts: { discount: string; amount: number }[];
  /** The tax in the total, per rate (inclusive rates: part of `total`, not added to it). */
  taxes: { tax_rate: string; amount: number; taxable_amount: number }[];
  total: number;
  starting_balance: number;
  ending_balance: number;
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  payment_intent: string | null;
  paid_at: number | null;
  voided_at: number | null;
  /** A preview's moment of proration (`parent.subscription_details.subscription_proration_date`). */
  proration_date?: number;
  /** A proration invoice's lines (unused time on the old price, remaining time on the new); else one line of `price`. */
  proration_lines?: { amount: number; price: string; description: string }[];
}

export interface PaymentIntentRecord {
  id: string;
  created: number;
  customer: string;
  invoice: string | null;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  client_secret: string;
  payment_method: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
}

export interface SetupIntentRecord {
  id: string;
  created: number;
  customer: string;
  subscription: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  client_secret: string;
  payment_method: string | null;
  /** Why the last confirmation failed (the bank's check not passed), until the next one. */
  last_setup_error: { code: string; message: string } | null;
  /** The card confirmed in the page while the bank's check waits (`requires_action`); saved once it passes. */
  pending_card: Partial<Card> | null;
}

export interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface PaymentMethodRecord {
  id: string;
  created: number;
  customer: string | null;
  card: Card;
  /**
   * Saved through a SetupIntent (usage off_session) or a payment with setup_future_usage: Stripe's test
   * card 4000 0025 0000 3155 then no longer asks for authentication when the person is away.
   */
  set_up_for_off_session: boolean;
}

export interface BalanceTransactionRecord {
  id: string;
  created: number;
  customer: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  ending_balance: number;
  type: 'adjustment' | 'applied_to_invoice';
  invoice: string | null;
}

export interface PortalSessionRecord {
  id: string;
  configuration: string;
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
}

export interface TaxRateRecord {
  id: string;
  created: number;
  active: boolean;
  display_name: string;
  percentage: number;
  inclusive: boolean;
  country: string | null;
  jurisdiction: string | null;
  tax_type: string | null;
  description: string | null;
  metadata: Record<string, string>;
}

/** A customer portal configuration: which features are on (each `{ enabled }`, as sent). */
export interface PortalConfigurationRecord {
  id: string;
  created: number;
  active: boolean;
  is_default: boolean;
  features: Record<
    | 'customer_update'
    | 'invoice_history'
    | 'payment_method_update'
    | 'subscription_cancel'
    | 'subscription_pause'
    | 'subscription_update',
    boolean
  >;
  allowed_updates: string[];
  headline: string | null;
  metadata: Record<string, string>;
}

export class StripeState {
  readonly customers = new Map<string, CustomerRecord>();
  readonly products = new Map<string, ProductRecord>();
  readonly prices = new Map<string, PriceRecord>();
  readonly coupons = new Map<string, CouponRecord>();
  readonly discounts = new Map<string, DiscountRecord>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly paymentIntents = new Map<string, PaymentIntentRecord>();
  readonly setupIntents = new Map<string, SetupIntentRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly balanceTransactions = new Map<string, BalanceTransactionRecord>();
  readonly portalSessions = new Map<string, PortalSessionRecord>();
  /** None at first, and no default: a fresh Stripe account has not saved its portal settings. */
  readonly portalConfigurations = new Map<string, PortalConfigurationRecord>();
  readonly taxRates = new Map<string, TaxRateRecord>();
  readonly taxIds = new Map<string, TaxIdRecord>();
  /**
   * Where an invoice's hosted page and PDF are (`hosted_invoice_url`, `invoice_pdf`): a name that does not
   * resolve for the tests, and the stand-in's own pages when one serves them (fake-stripe-server.ts).
   */
  invoiceHost = 'https://invoice.stripe.test';
  /** Every event the fake generated, API calls and control methods alike, oldest first. */
  readonly events: Stripe.Event[] = [];

  // A clock per customer, as Stripe's test clocks are attached to customers: real time plus whatever the
  // control methods skipped ahead for that customer. Tests run side by side against one fake, and one
  // test's renewal must not move another's subscription past its period end.
  private readonly skipped = new Map<string, number>();
  now(customer?: string | null): number {
    return Math.floor(Date.now() / 1000) + (customer ? (this.skipped.get(customer) ?? 0) : 0);
  }
  advanceTo(customer: string, timestamp: number): void {
    const ahead = Math.max(0, timestamp - this.now(customer));
    this.skipped.set(customer, (this.skipped.get(customer) ?? 0) + ahead);
  }

  find<T>(map: Map<string, T>, kind: string, id: string, param?: string): T {
    const found = map.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  /** Records an event shaped like Stripe's; the object is a snapshot, as in a real delivery. */
  emit(type: string, object: JsonObject, previous?: JsonObject): Stripe.Event {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.now(customerOf(object)),
      data: previous && Object.keys(previous).length ? { object, previous_attributes: previous } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // The union of ~250 event types cannot be narrowed from a runtime string; the shape is Stripe's.
    const typed = event as unknown as Stripe.Event;
    this.events.push(typed);
    return typed;
  }
}

/** The customer whose clock an event's object lives by: its own id, or the customer it belongs to. */
function customerOf(object: JsonObject): string | undefined {
  if (object.object === 'customer' && typeof object.id === 'string') return object.id;
  return typeof object.customer === 'string' ? object.customer : undefined;
}

export function addInterval(from: number, recurring: PriceRecord['recurring'], times = 1): number {
  const interval = recurring?.interval ?? 'month';
  const count = (recurring?.interval_count ?? 1) * times;
  if (interval === 'day') return from + count * 86_400;
  if (interval === 'week') return from + count * 7 * 86_400;
  const d = new Date(from * 1000);
  d.setUTCMonth(d.getUTCMonth() + (interval === 'year' ? 12 * count : count));
  return Math.floor(d.getTime() / 1000);
}

export function addMonths(from: number, months: number): number {
  return addInterval(from, { interval: 'month', interval_count: 1 }, months);
}
