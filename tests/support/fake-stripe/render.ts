/**
 * Records → Stripe JSON, and `expand[]`.
 *
 * Shapes follow the SDK's pinned API version (see Stripe.API_VERSION): periods live on subscription
 * items, an invoice names its subscription under `parent.subscription_details` and its payment under
 * `payments`, `confirmation_secret` and `payments` appear only when expanded, and discounts are ids
 * unless expanded, with the coupon id at `source.coupon`. A request sent with a Stripe-Version before
 * 2025-03-31 (basil) also gets the old fields: top-level `current_period_*`, `discount`, and the
 * invoice's `subscription` and expandable `payment_intent`.
 */
import type Stripe from 'stripe';
import type { StripeState } from './state';
import { invalid, type Json, type JsonObject } from './wire';

/** The SDK's type with every field optional: the compiler checks each name and value we send. */
type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : { [K in keyof T]?: Wire<T[K]> };

const json = (value: object): JsonObject => JSON.parse(JSON.stringify(value)) as JsonObject;

export const listOf = (url: string, data: JsonObject[], hasMore = false): JsonObject => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

export class View {
  constructor(
    private readonly state: StripeState,
    /** Stripe-Version before basil: add the fields older integrations read. */
    readonly legacy = false,
  ) {}

  static legacyVersion(version: string | undefined): boolean {
    return Boolean(version && version < '2025-03-31');
  }

  customer(id: string): JsonObject {
    const c = this.state.find(this.state.customers, 'customer', id);
    return json({
      id: c.id,
      object: 'customer',
      balance: c.balance,
      created: c.created,
      currency: c.currency,
      default_source: null,
      delinquent: false,
      address: c.address,
      description: c.description,
      email: c.email,
      invoice_prefix: c.invoice_prefix,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: c.invoice_settings.default_payment_method,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: c.metadata,
      name: c.name,
      next_invoice_sequence: c.next_invoice_sequence,
      phone: c.phone,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
    } satisfies Wire<Stripe.Customer>);
  }

  product(id: string): JsonObject {
    const p = this.state.find(this.state.products, 'product', id);
    return json({
      id: p.id,
      object: 'product',
      active: p.active,
      created: p.created,
      description: p.description,
      images: [],
      livemode: false,
      metadata: p.metadata,
      name: p.name,
      type: 'service',
      updated: p.created,
    } satisfies Wire<Stripe.Product>);
  }

  price(id: string): JsonObject {
    const p = this.state.find(this.state.prices, 'price', id);
    return json({
      id: p.id,
      object: 'price',
      active: p.active,
      billing_scheme: 'per_unit',
      created: p.created,
      currency: p.currency,
      livemode: false,
      lookup_key: p.lookup_key,
      metadata: p.metadata,
      nickname: p.nickname,
      product: p.product,
      recurring: p.recurring && { ...p.recurring, usage_type: 'licensed', meter: null },
      tax_behavior: 'unspecified',
      type: p.recurring ? 'recurring' : 'one_time',
      unit_amount: p.unit_amount,
    } satisfies Wire<Stripe.Price>);
  }

  coupon(id: string): JsonObject {
    const c = this.state.find(this.state.coupons, 'coupon', id);
    return json({
      id: c.id,
      object: 'coupon',
      amount_off: c.amount_off,
      created: c.created,
      currency: c.currency,
      duration: c.duration,
      duration_in_months: c.duration_in_months,
      livemode: false,
      max_redemptions: null,
      metadata: c.metadata,
      name: c.name,
      percent_off: c.percent_off,
      redeem_by: null,
      times_redeemed: c.times_redeemed,
      valid: true,
    } satisfies Wire<Stripe.Coupon>);
  }

  discount(id: string): JsonObject {
    const d = this.state.find(this.state.discounts, 'discount', id);
    const out: JsonObject = json({
      id: d.id,
      object: 'discount',
      checkout_session: null,
      customer: d.customer,
      end: d.end,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      source: { coupon: d.coupon, type: 'coupon' },
      start: d.start,
      subscription: d.subscription,
      subscription_item: null,
    } satisfies Wire<Stripe.Discount>);
    if (this.legacy) out.coupon = this.coupon(d.coupon);
    return out;
  }

  subscription(id: string): JsonObject {
    const s = this.state.find(this.state.subscriptions, 'subscription', id);
    const price = this.state.find(this.state.prices, 'price', s.item.price);
    // The one item; its price (an object, added below) is the pending one in pending_update.
    const item = {
      id: s.item.id,
      object: 'subscription_item' as const,
      created: s.item.created,
      current_period_start: s.item.current_period_start,
      current_period_end: s.item.current_period_end,
      discounts: [],
      metadata: {},
      quantity: 1,
      subscription: s.id,
    };
    const out: JsonObject = json({
      id: s.id,
      object: 'subscription',
      billing_cycle_anchor: s.billing_cycle_anchor,
      cancel_at: s.cancel_at,
      cancel_at_period_end: s.cancel_at_period_end,
      canceled_at: s.canceled_at,
      cancellation_details: {
        comment: s.cancellation.comment,
        feedback: s.cancellation.feedback as Stripe.Subscription.CancellationDetails.Feedback | null,
        reason: s.canceled_at ? 'cancellation_requested' : null,
      },
      collection_method: 'charge_automatically',
      created: s.created,
      currency: price.currency,
      customer: s.customer,
      default_payment_method: s.default_payment_method,
      default_source: null,
      description: null,
      discounts: s.discounts,
      default_tax_rates: s.default_tax_rates.map((id) => this.taxRate(id)),
      ended_at: s.ended_at,
      items: {
        object: 'list',
        data: [item],
        has_more: false,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
      latest_invoice: s.latest_invoice,
      livemode: false,
      metadata: s.metadata,
      pause_collection: s.pause_collection,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: s.save_default_payment_method ? 'on_subscription' : 'off',
      },
      pending_setup_intent: s.pending_setup_intent,
      pending_update: s.pending_update && {
        billing_cycle_anchor: null,
        cancel_at_period_end: null,
        discount: null,
        discounts: null,
        expires_at: s.pending_update.expires_at,
        metadata: null,
        subscription_items: [item],
        trial_end: null,
        trial_from_plan: null,
      },
      start_date: s.start_date,
      status: s.status,
      trial_end: s.trial_end,
      trial_settings: s.trial_settings,
      trial_start: s.trial_start,
    } satisfies Wire<Stripe.Subscription>);
    // The item's price is always an object in Stripe, never an id.
    const items = out.items as { data: JsonObject[] };
    if (items.data[0]) items.data[0].price = this.price(price.id);
    const pending = out.pending_update as { subscription_items: JsonObject[] } | null;
    if (pending?.subscription_items[0] && s.pending_update)
      pending.subscription_items[0].price = this.price(s.pending_update.price);
    if (this.legacy) {
      out.current_period_start = s.item.current_period_start;
      out.current_period_end = s.item.current_period_end;
      out.discount = s.discounts[0] ? this.discount(s.discounts[0]) : null;
    }
    return out;
  }

  invoice(id: string): JsonObject {
    const i = this.state.find(this.state.invoices, 'invoice', id);
    const sub = this.state.subscriptions.get(i.subscription);
    const price = this.state.find(this.state.prices, 'price', i.price);
    const product = this.state.products.get(price.product);
    // A draft (a preview) has no hosted page or PDF yet: Stripe makes them as it finalizes.
    const host = i.status === 'draft' ? null : `${this.state.invoiceHost}/${i.id}`;
    const out: JsonObject = json({
      id: i.id,
      object: 'invoice',
      amount_due: i.amount_due,
      amount_overpaid: 0,
      amount_paid: i.amount_paid,
      amount_remaining: i.status === 'open' || i.status === 'draft' ? i.amount_due - i.amount_paid : 0,
      attempt_count: i.attempt_count,
      attempted: i.attempt_count > 0,
      billing_reason: i.billing_reason,
      collection_method: 'charge_automatically',
      created: i.created,
      currency: price.currency,
      customer: i.customer,
      discounts: i.discount_amounts.map((d) => d.discount),
      ending_balance: i.ending_balance,
      hosted_invoice_url: host,
      invoice_pdf: host && `${host}/pdf`,
      lines: {
        object: 'list',
        data: i.proration_lines
          ? i.proration_lines.map((line, n) => ({
              id: `il_${i.id.slice(3)}${n}`,
              object: 'line_item',
              amount: line.amount,
              currency: price.currency,
              description: line.description,
              livemode: false,
              metadata: {},
              parent: {
                type: 'subscription_item_details',
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: true,
                  proration_details: { credited_items: null },
                  subscription: i.subscription,
                  subscription_item: sub?.item.id ?? '',
                },
              },
              period: i.line_period,
              quantity: 1,
            }))
          : [
              {
                id: `il_${i.id.slice(3)}`,
                object: 'line_item',
                amount: i.subtotal,
                currency: price.currency,
                description: `1 × ${product?.name ?? 'Subscription'}${i.subtotal === 0 ? ' (trial)' : ''}`,
                livemode: false,
                metadata: {},
                period: i.line_period,
                quantity: 1,
              },
            ],
        has_more: false,
        url: `/v1/invoices/${i.id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: i.next_payment_attempt,
      number: i.number,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: i.subscription,
          metadata: sub?.metadata ?? null,
          ...(i.proration_date !== undefined ? { subscription_proration_date: i.proration_date } : {}),
        },
      },
      period_end: i.period_end,
      period_start: i.period_start,
      starting_balance: i.starting_balance,
      status: i.status,
      status_transitions: {
        finalized_at: i.status === 'draft' ? null : i.created,
        marked_uncollectible_at: null,
        paid_at: i.paid_at,
        voided_at: i.voided_at,
      },
      subtotal: i.subtotal,
      total: i.total,
      total_discount_amounts: i.discount_amounts,
      total_excluding_tax: i.total - i.taxes.reduce((sum, t) => sum + t.amount, 0),
      total_taxes: i.taxes.map((t) => ({
        amount: t.amount,
        tax_behavior: 'inclusive',
        tax_rate_details: { tax_rate: t.tax_rate },
        taxability_reason: 'standard_rated',
        taxable_amount: t.taxable_amount,
        type: 'tax_rate_details',
      })),
    } satisfies Wire<Stripe.Invoice>);
    if (this.legacy) {
      out.subscription = i.subscription;
      out.payment_intent = i.payment_intent;
      out.paid = i.status === 'paid';
    }
    return out;
  }

  /** Fields Stripe leaves out unless `expand[]` names them ("includable"). */
  private includable(object: JsonObject, field: string): Json | undefined {
    if (object.object !== 'invoice' || typeof object.id !== 'string') return undefined;
    const i = this.state.find(this.state.invoices, 'invoice', object.id);
    const pi = i.payment_intent ? this.state.paymentIntents.get(i.payment_intent) : undefined;
    if (field === 'confirmation_secret')
      return pi && i.status === 'open' ? { client_secret: pi.client_secret, type: 'payment_intent' } : null;
    if (field === 'payments') {
      const data = pi
        ? [
            json({
              id: `inpay_${pi.id.slice(3)}`,
              object: 'invoice_payment',
              amount_paid: pi.status === 'succeeded' ? pi.amount : null,
              amount_requested: pi.amount,
              created: pi.created,
              currency: pi.currency,
              invoice: i.id,
              is_default: true,
              livemode: false,
              payment: { type: 'payment_intent', payment_intent: pi.id },
              status: pi.status === 'succeeded' ? 'paid' : pi.status === 'canceled' ? 'canceled' : 'open',
              status_transitions: { canceled_at: null, paid_at: i.paid_at },
            } satisfies Wire<Stripe.InvoicePayment>),
          ]
        : [];
      return listOf(`/v1/invoice_payments?invoice=${i.id}`, data);
    }
    return undefined;
  }

  paymentIntent(id: string): JsonObject {
    const p = this.state.find(this.state.paymentIntents, 'payment_intent', id);
    return json({
      id: p.id,
      object: 'payment_intent',
      amount: p.amount,
      amount_capturable: 0,
      amount_received: p.status === 'succeeded' ? p.amount : 0,
      automatic_payment_methods: null,
      canceled_at: null,
      capture_method: 'automatic',
      client_secret: p.client_secret,
      confirmation_method: 'automatic',
      created: p.created,
      currency: p.currency,
      customer: p.customer,
      description: 'Subscription creation',
      last_payment_error: p.last_payment_error && { ...p.last_payment_error, type: 'card_error' },
      livemode: false,
      metadata: {},
      // The bank's check, which Stripe.js runs in the page (confirmCardPayment, handleNextAction).
      next_action: p.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
      payment_method: p.payment_method,
      payment_method_types: ['card'],
      setup_future_usage: 'off_session',
      status: p.status,
    } satisfies Wire<Stripe.PaymentIntent>);
  }

  setupIntent(id: string): JsonObject {
    const s = this.state.find(this.state.setupIntents, 'setup_intent', id);
    return json({
      id: s.id,
      object: 'setup_intent',
      client_secret: s.client_secret,
      created: s.created,
      customer: s.customer,
      description: null,
      last_setup_error: s.last_setup_error && { ...s.last_setup_error, type: 'card_error' },
      livemode: false,
      metadata: {},
      // The bank's check, which Stripe.js runs in the page as part of confirmSetup.
      next_action: s.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
      payment_method: s.payment_method,
      payment_method_types: ['card'],
      status: s.status,
      usage: 'off_session',
    } satisfies Wire<Stripe.SetupIntent>);
  }

  paymentMethod(id: string): JsonObject {
    const p = this.state.find(this.state.paymentMethods, 'PaymentMethod', id);
    return json({
      id: p.id,
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: p.card.brand,
        country: 'GB',
        display_brand: p.card.brand,
        exp_month: p.card.exp_month,
        exp_year: p.card.exp_year,
        funding: 'credit',
        last4: p.card.last4,
      },
      created: p.created,
      customer: p.customer,
      livemode: false,
      metadata: {},
      type: 'card',
    } satisfies Wire<Stripe.PaymentMethod>);
  }

  balanceTransaction(id: string): JsonObject {
    const b = this.state.find(this.state.balanceTransactions, 'customer_balance_transaction', id);
    return json({
      id: b.id,
      object: 'customer_balance_transaction',
      amount: b.amount,
      created: b.created,
      credit_note: null,
      currency: b.currency,
      customer: b.customer,
      description: b.description,
      ending_balance: b.ending_balance,
      invoice: b.invoice,
      livemode: false,
      metadata: b.metadata,
      type: b.type,
    } satisfies Wire<Stripe.CustomerBalanceTransaction>);
  }

  taxId(id: string): JsonObject {
    const t = this.state.find(this.state.taxIds, 'tax_id', id);
    return json({
      id: t.id,
      object: 'tax_id',
      country: 'GB',
      created: t.created,
      customer: t.customer,
      livemode: false,
      owner: { account: undefined, application: undefined, customer: t.customer, type: 'customer' },
      type: t.type as Stripe.TaxId.Type,
      value: t.value,
      verification: { status: 'pending', verified_address: null, verified_name: null },
    } satisfies Wire<Stripe.TaxId>);
  }

  taxRate(id: string): JsonObject {
    const r = this.state.find(this.state.taxRates, 'tax_rate', id);
    return json({
      id: r.id,
      object: 'tax_rate',
      active: r.active,
      country: r.country,
      created: r.created,
      description: r.description,
      display_name: r.display_name,
      effective_percentage: r.percentage,
      flat_amount: null,
      inclusive: r.inclusive,
      jurisdiction: r.jurisdiction,
      jurisdiction_level: null,
      livemode: false,
      metadata: r.metadata,
      percentage: r.percentage,
      rate_type: 'percentage',
      state: null,
      tax_type: r.tax_type,
    } satisfies Wire<Stripe.TaxRate>);
  }

  portalConfiguration(id: string): JsonObject {
    const c = this.state.find(this.state.portalConfigurations, 'billing_portal.configuration', id);
    return json({
      id: c.id,
      object: 'billing_portal.configuration',
      active: c.active,
      application: null,
      business_profile: { headline: c.headline, privacy_policy_url: null, terms_of_service_url: null },
      created: c.created,
      default_return_url: null,
      features: {
        customer_update: { allowed_updates: c.allowed_updates, enabled: c.features.customer_update },
        invoice_history: { enabled: c.features.invoice_history },
        payment_method_update: {
          enabled: c.features.payment_method_update,
          payment_method_configuration: null,
        },
        subscription_cancel: {
          cancellation_reason: { enabled: false, feedback_options: null, options: [] },
          enabled: c.features.subscription_cancel,
          mode: 'at_period_end',
          proration_behavior: 'none',
        },
        subscription_pause: {
          duration: { interval_options: [], type: 'indefinite' },
          enabled: c.features.subscription_pause,
        },
        subscription_update: {
          billing_cycle_anchor: null,
          default_allowed_updates: [],
          enabled: c.features.subscription_update,
          products: [],
          proration_behavior: 'none',
          schedule_at_period_end: { conditions: [] },
          trial_update_behavior: 'end_trial',
        },
      },
      is_default: c.is_default,
      livemode: false,
      login_page: { enabled: false, url: null },
      metadata: c.metadata,
      name: null,
      updated: c.created,
    } satisfies Wire<Stripe.BillingPortal.Configuration>);
  }

  portalSession(id: string): JsonObject {
    const s = this.state.find(this.state.portalSessions, 'billing_portal.session', id);
    return json({
      id: s.id,
      object: 'billing_portal.session',
      configuration: s.configuration,
      created: s.created,
      customer: s.customer,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: s.return_url,
      url: s.url,
    } satisfies Wire<Stripe.BillingPortal.Session>);
  }

  /** Renders the object an expandable id points to; coupons have no prefix, so the field names them. */
  private resolve(id: string, field: string): JsonObject | undefined {
    if (field === 'coupon') return this.state.coupons.has(id) ? this.coupon(id) : undefined;
    const renderers: Record<string, (id: string) => JsonObject> = {
      cus: (x) => this.customer(x),
      prod: (x) => this.product(x),
      price: (x) => this.price(x),
      di: (x) => this.discount(x),
      sub: (x) => this.subscription(x),
      in: (x) => this.invoice(x),
      pi: (x) => this.paymentIntent(x),
      seti: (x) => this.setupIntent(x),
      pm: (x) => this.paymentMethod(x),
    };
    return renderers[id.slice(0, id.indexOf('_'))]?.(id);
  }

  /** Applies `expand[]` paths in place; like Stripe, an unexpandable path is a 400. */
  expand(root: JsonObject, paths: string[]): JsonObject {
    for (const path of paths) this.expandAt(root, path.split('.'), path);
    return root;
  }

  private expandAt(node: Json, segments: string[], path: string): void {
    const [field, ...rest] = segments;
    if (field === undefined || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) this.expandAt(item, segments, path);
      return;
    }
    if (typeof node !== 'object') throw cannotExpand(path);
    let value = node[field];
    if (value === undefined) value = this.includable(node, field);
    if (value === undefined) throw cannotExpand(path);
    const open = (v: Json): Json => {
      if (typeof v !== 'string') return v;
      const found = this.resolve(v, field);
      if (!found) throw cannotExpand(path);
      return found;
    };
    value = Array.isArray(value) ? value.map(open) : open(value);
    node[field] = value;
    this.expandAt(value, rest, path);
  }
}

const cannotExpand = (path: string) => invalid(`This property cannot be expanded (${path}).`, 'expand');
