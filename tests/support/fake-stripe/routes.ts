/** The endpoints ChairNotes calls, and only those; anything else is Stripe's "Unrecognized request URL". */
import { randomBytes } from 'node:crypto';
import type { Billing } from './billing';
import { listOf, type View } from './render';
import { addInterval, type StripeState, type SubscriptionRecord } from './state';
import {
  allowOnly,
  bool,
  int,
  invalid,
  type JsonObject,
  list,
  mergeMetadata,
  missingParam,
  need,
  newId,
  noSuch,
  obj,
  type Param,
  type Params,
  StripeFault,
  str,
  strings,
} from './wire';

interface Ctx {
  p: Params;
  /** The id in the URL, when the route has one. */
  id: string;
  /** A second id in the URL (`:sub`: a customer's tax id). */
  sub: string;
  state: StripeState;
  billing: Billing;
  view: View;
}
type Handler = (ctx: Ctx) => JsonObject;

const routes: { method: string; pattern: RegExp; handler: Handler }[] = [];
function route(method: string, path: string, handler: Handler): void {
  routes.push({
    method,
    pattern: new RegExp(`^${path.replace(':id', '([^/]+)').replace(':sub', '([^/]+)')}$`),
    handler,
  });
}

export function dispatch(method: string, path: string, ctx: Omit<Ctx, 'id' | 'sub'>): JsonObject {
  for (const r of routes) {
    const match = r.method === method ? r.pattern.exec(path) : null;
    if (match)
      return r.handler({
        ...ctx,
        id: decodeURIComponent(match[1] ?? ''),
        sub: decodeURIComponent(match[2] ?? ''),
      });
  }
  throw new StripeFault(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). This fake serves only the endpoints ChairNotes uses.`,
  });
}

const DAY = 86_400;

/** Newest first, `limit` (default 10) and `starting_after`, as Stripe lists do. */
function page(url: string, newestFirst: JsonObject[], p: Params): JsonObject {
  const limit = int(p, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
  const after = str(p, 'starting_after');
  const start = after ? newestFirst.findIndex((o) => o.id === after) + 1 : 0;
  const data = newestFirst.slice(start, start + limit);
  return listOf(url, data, start + limit < newestFirst.length);
}
const newest = <T>(map: Map<string, T>): T[] => [...map.values()].reverse();

function one(items: Param[] | undefined, name: string): Params | undefined {
  if (!items?.length) return undefined;
  if (items.length > 1) throw invalid('This fake keeps one item per list; send one.', name);
  const first = items[0];
  if (typeof first !== 'object' || Array.isArray(first)) throw invalid('Invalid object', `${name}[0]`);
  return first;
}

// Customers

route('POST', '/v1/customers', ({ p, state, view }) => {
  allowOnly(p, ['email', 'name', 'description', 'phone', 'metadata']);
  const id = newId('cus');
  state.customers.set(id, {
    id,
    created: state.now(),
    email: str(p, 'email') ?? null,
    name: str(p, 'name') ?? null,
    description: str(p, 'description') ?? null,
    phone: str(p, 'phone') ?? null,
    metadata: mergeMetadata({}, p),
    balance: 0,
    currency: null,
    invoice_settings: { default_payment_method: null },
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    next_invoice_sequence: 1,
    address: null,
  });
  state.emit('customer.created', view.customer(id));
  return view.customer(id);
});

/** Supports `field:'value'` and `metadata['key']:'value'` clauses joined by AND. */
route('GET', '/v1/customers/search', ({ p, state, view }) => {
  const query = need(p, 'query');
  const clauses = query.split(/\s+AND\s+/i).map((clause) => {
    const m = /^(?:metadata\[['"](.+)['"]\]|(\w+)):['"](.*)['"]$/.exec(clause.trim());
    if (!m) throw invalid(`This fake cannot parse the search query: ${clause}`, 'query');
    return { meta: m[1], field: m[2], value: m[3] ?? '' };
  });
  const data = newest(state.customers)
    .filter((c) =>
      clauses.every(({ meta, field, value }) =>
        meta ? c.metadata[meta] === value : String(c[field as keyof typeof c] ?? '') === value,
      ),
    )
    .map((c) => view.customer(c.id));
  return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/customers/search' };
});

route('GET', '/v1/customers/:id', ({ id, view }) => view.customer(id));

route('POST', '/v1/customers/:id', ({ p, id, state, view }) => {
  allowOnly(p, ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings', 'address']);
  const c = state.find(state.customers, 'customer', id);
  const address = p.address === '' ? null : obj(p, 'address');
  if (address) allowOnly(address, ['line1', 'line2', 'city', 'postal_code', 'state', 'country'], 'address');
  const country = address && str(address, 'country');
  if (country && !/^[A-Z]{2}$/.test(country))
    throw invalid(`Invalid country: ${country}`, 'address[country]');
  const pm = str(obj(p, 'invoice_settings') ?? {}, 'default_payment_method');
  if (pm) attachedCard(state, pm, c.id, 'invoice_settings[default_payment_method]');
  if (pm !== undefined) c.invoice_settings.default_payment_method = pm || null;
  c.email = str(p, 'email') ?? c.email;
  c.name = str(p, 'name') ?? c.name;
  c.description = str(p, 'description') ?? c.description;
  c.phone = str(p, 'phone') ?? c.phone;
  if (p.address === '') c.address = null;
  else if (address) {
    const field = (key: string) => str(address, key) || null;
    c.address = {
      line1: field('line1'),
      line2: field('line2'),
      city: field('city'),
      postal_code: field('postal_code'),
      state: field('state'),
      country: field('country'),
    };
  }
  c.metadata = mergeMetadata(c.metadata, p);
  state.emit('customer.updated', view.customer(id));
  return view.customer(id);
});

// A UK VAT number as Stripe checks gb_vat: GB and 9 or 12 digits, or GBGD/GBHA and 3 digits.
const GB_VAT = /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

route('POST', '/v1/customers/:id/tax_ids', ({ p, id, state, view }) => {
  allowOnly(p, ['type', 'value']);
  const customer = state.find(state.customers, 'customer', id);
  const type = need(p, 'type');
  if (type !== 'gb_vat') throw invalid('This fake knows only the tax id type gb_vat.', 'type');
  const value = need(p, 'value');
  if (!GB_VAT.test(value)) throw invalid(`Invalid value for gb_vat: ${value}`, 'value', 'tax_id_invalid');
  const taxId = newId('txi');
  state.taxIds.set(taxId, { id: taxId, created: state.now(customer.id), customer: customer.id, type, value });
  return view.taxId(taxId);
});

route('GET', '/v1/customers/:id/tax_ids', ({ p, id, state, view }) => {
  const customer = state.find(state.customers, 'customer', id);
  const own = newest(state.taxIds).filter((t) => t.customer === customer.id);
  return page(
    `/v1/customers/${id}/tax_ids`,
    own.map((t) => view.taxId(t.id)),
    p,
  );
});

route('DELETE', '/v1/customers/:id/tax_ids/:sub', ({ id, sub, state }) => {
  const taxId = state.taxIds.get(sub);
  if (!taxId || taxId.customer !== id) throw noSuch('tax_id', sub);
  state.taxIds.delete(sub);
  return { id: sub, object: 'tax_id', deleted: true };
});

function attachedCard(state: StripeState, pm: string, customer: string, param: string): void {
  if (state.paymentMethods.get(pm)?.customer !== customer)
    throw invalid(
      `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
}

route('POST', '/v1/customers/:id/balance_transactions', ({ p, id, state, view }) => {
  allowOnly(p, ['amount', 'currency', 'description', 'metadata']);
  const c = state.find(state.customers, 'customer', id);
  const amount = int(p, 'amount');
  if (amount === undefined) throw missingParam('amount');
  const currency = need(p, 'currency').toLowerCase();
  if (c.currency && c.currency !== currency)
    throw invalid(`The currency must match the customer's currency (${c.currency}).`, 'currency');
  c.currency = currency;
  c.balance += amount;
  const txn = newId('cbtxn');
  state.balanceTransactions.set(txn, {
    id: txn,
    created: state.now(c.id),
    customer: c.id,
    amount,
    currency,
    description: str(p, 'description') ?? null,
    metadata: mergeMetadata({}, p),
    ending_balance: c.balance,
    type: 'adjustment',
    invoice: null,
  });
  return view.balanceTransaction(txn);
});

route('GET', '/v1/customers/:id/balance_transactions', ({ p, id, state, view }) => {
  state.find(state.customers, 'customer', id);
  const txns = newest(state.balanceTransactions).filter((t) => t.customer === id);
  return page(
    `/v1/customers/${id}/balance_transactions`,
    txns.map((t) => view.balanceTransaction(t.id)),
    p,
  );
});

route('GET', '/v1/customers/:id/payment_methods', ({ p, id, state, view }) => {
  state.find(state.customers, 'customer', id);
  const pms = newest(state.paymentMethods).filter((m) => m.customer === id);
  return page(
    `/v1/customers/${id}/payment_methods`,
    pms.map((m) => view.paymentMethod(m.id)),
    p,
  );
});

// Products, prices, coupons

route('POST', '/v1/products', ({ p, state, view }) => {
  allowOnly(p, ['id', 'name', 'description', 'metadata', 'active']);
  const id = str(p, 'id') || newId('prod');
  if (state.products.has(id)) throw invalid('Product already exists.', 'id', 'resource_already_exists');
  state.products.set(id, {
    id,
    created: state.now(),
    name: need(p, 'name'),
    description: str(p, 'description') ?? null,
    active: bool(p, 'active') ?? true,
    metadata: mergeMetadata({}, p),
  });
  return view.product(id);
});

route('GET', '/v1/products/:id', ({ id, view }) => view.product(id));

route('GET', '/v1/prices', ({ p, state, view }) => {
  const keys = strings(p, 'lookup_keys');
  const active = bool(p, 'active');
  const product = str(p, 'product');
  const prices = newest(state.prices).filter(
    (x) =>
      (!keys.length || (x.lookup_key !== null && keys.includes(x.lookup_key))) &&
      (active === undefined || x.active === active) &&
      (!product || x.product === product),
  );
  return page(
    '/v1/prices',
    prices.map((x) => view.price(x.id)),
    p,
  );
});

route('POST', '/v1/prices', ({ p, state, view }) => {
  allowOnly(p, [
    'product',
    'product_data',
    'unit_amount',
    'currency',
    'recurring',
    'lookup_key',
    'transfer_lookup_key',
    'nickname',
    'metadata',
    'active',
  ]);
  const currency = need(p, 'currency').toLowerCase();
  const unitAmount = int(p, 'unit_amount');
  if (unitAmount === undefined) throw missingParam('unit_amount');
  let product = str(p, 'product');
  const productData = obj(p, 'product_data');
  if (product) state.find(state.products, 'product', product, 'product');
  else if (productData) {
    product = newId('prod');
    state.products.set(product, {
      id: product,
      created: state.now(),
      name: need(productData, 'name', 'product_data[name]'),
      description: null,
      active: true,
      metadata: {},
    });
  } else throw missingParam('product');
  const recurring = obj(p, 'recurring');
  const interval = recurring && need(recurring, 'interval', 'recurring[interval]');
  if (interval && !['day', 'week', 'month', 'year'].includes(interval))
    throw invalid(`Invalid recurring[interval]: ${interval}`, 'recurring[interval]');
  const lookupKey = str(p, 'lookup_key') || null;
  const holder = lookupKey ? [...state.prices.values()].find((x) => x.lookup_key === lookupKey) : undefined;
  if (holder) {
    if (!bool(p, 'transfer_lookup_key'))
      throw invalid(
        `A price (\`${holder.id}\`) already uses that lookup key.`,
        'lookup_key',
        'lookup_key_already_exists',
      );
    holder.lookup_key = null;
  }
  const id = newId('price');
  state.prices.set(id, {
    id,
    created: state.now(),
    product,
    active: bool(p, 'active') ?? true,
    currency,
    unit_amount: unitAmount,
    recurring: interval
      ? {
          interval: interval as 'day' | 'week' | 'month' | 'year',
          interval_count: (recurring && int(recurring, 'interval_count')) ?? 1,
        }
      : null,
    lookup_key: lookupKey,
    nickname: str(p, 'nickname') ?? null,
    metadata: mergeMetadata({}, p),
  });
  return view.price(id);
});

route('GET', '/v1/prices/:id', ({ id, view }) => view.price(id));

route('POST', '/v1/coupons', ({ p, state, view }) => {
  allowOnly(p, [
    'id',
    'name',
    'percent_off',
    'amount_off',
    'currency',
    'duration',
    'duration_in_months',
    'metadata',
  ]);
  const id = str(p, 'id') || newId('', 8).slice(1);
  if (state.coupons.has(id)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
  const percent = str(p, 'percent_off');
  const percentOff = percent ? Number(percent) : null;
  if (percentOff !== null && !(percentOff > 0 && percentOff <= 100))
    throw invalid('Invalid percent_off: must be greater than 0 and at most 100', 'percent_off');
  const amountOff = int(p, 'amount_off') ?? null;
  if (percentOff === null && amountOff === null) throw missingParam('percent_off');
  if (amountOff !== null && !str(p, 'currency')) throw missingParam('currency');
  const duration = str(p, 'duration') ?? 'once';
  if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever')
    throw invalid(`Invalid duration: ${duration}`, 'duration');
  const months = int(p, 'duration_in_months') ?? null;
  if (duration === 'repeating' && !months) throw missingParam('duration_in_months');
  state.coupons.set(id, {
    id,
    created: state.now(),
    name: str(p, 'name') ?? null,
    percent_off: percentOff,
    amount_off: amountOff,
    currency: str(p, 'currency')?.toLowerCase() ?? null,
    duration,
    duration_in_months: duration === 'repeating' ? months : null,
    metadata: mergeMetadata({}, p),
    times_redeemed: 0,
  });
  return view.coupon(id);
});

route('GET', '/v1/coupons/:id', ({ id, view }) => view.coupon(id));

// Subscriptions

const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
];

/** `cancellation_details[feedback]` (one of Stripe's words) and `[comment]`, as sent. */
function cancellationParam(p: Params): Partial<SubscriptionRecord['cancellation']> | undefined {
  const details = obj(p, 'cancellation_details');
  if (!details) return undefined;
  allowOnly(details, ['feedback', 'comment'], 'cancellation_details');
  const feedback = str(details, 'feedback');
  if (feedback && !FEEDBACK.includes(feedback))
    throw invalid(`Invalid cancellation_details[feedback]: ${feedback}`, 'cancellation_details[feedback]');
  return {
    ...(feedback !== undefined ? { feedback: feedback || null } : {}),
    ...(details.comment !== undefined ? { comment: str(details, 'comment') || null } : {}),
  };
}

/** `default_tax_rates`: active tax rate ids; '' clears them; undefined leaves them. */
function taxRatesParam(p: Params, state: StripeState): string[] | undefined {
  if (p.default_tax_rates === '') return [];
  if (p.default_tax_rates === undefined) return undefined;
  const ids = strings(p, 'default_tax_rates');
  return ids.map((id, i) => {
    const rate = state.find(state.taxRates, 'tax_rate', id, `default_tax_rates[${i}]`);
    if (!rate.active) throw invalid(`The tax rate ${id} is inactive.`, `default_tax_rates[${i}]`);
    return id;
  });
}

route('POST', '/v1/tax_rates', ({ p, state, view }) => {
  allowOnly(p, [
    'display_name',
    'inclusive',
    'percentage',
    'active',
    'country',
    'description',
    'jurisdiction',
    'metadata',
    'state',
    'tax_type',
  ]);
  const percentage = Number(need(p, 'percentage'));
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100)
    throw invalid('Invalid decimal: percentage', 'percentage');
  const inclusive = bool(p, 'inclusive');
  if (inclusive === undefined) throw missingParam('inclusive');
  const id = newId('txr');
  state.taxRates.set(id, {
    id,
    created: state.now(),
    active: bool(p, 'active') ?? true,
    display_name: need(p, 'display_name'),
    percentage,
    inclusive,
    country: str(p, 'country') ?? null,
    jurisdiction: str(p, 'jurisdiction') ?? null,
    tax_type: str(p, 'tax_type') ?? null,
    description: str(p, 'description') ?? null,
    metadata: mergeMetadata({}, p),
  });
  return view.taxRate(id);
});

route('GET', '/v1/tax_rates', ({ p, state, view }) => {
  const active = bool(p, 'active');
  const inclusive = bool(p, 'inclusive');
  const found = newest(state.taxRates).filter(
    (r) =>
      (active === undefined || r.active === active) && (inclusive === undefined || r.inclusive === inclusive),
  );
  return page(
    '/v1/tax_rates',
    found.map((r) => view.taxRate(r.id)),
    p,
  );
});

route('GET', '/v1/tax_rates/:id', ({ id, view }) => view.taxRate(id));

/**
 * `discounts` (or the pre-clover `coupon`): each entry a coupon to apply or an existing discount of
 * this subscription to keep (`{ discount }`); null means "remove them all", undefined "unchanged".
 */
function discountsParam(
  p: Params,
  state: StripeState,
  legacy: boolean,
  sub?: SubscriptionRecord,
): { coupon?: string; discount?: string }[] | null | undefined {
  if (legacy && p.coupon !== undefined) {
    const id = str(p, 'coupon');
    if (id) state.find(state.coupons, 'coupon', id, 'coupon');
    return id ? [{ coupon: id }] : null;
  }
  if (p.discounts === '') return null;
  const entries = list(p, 'discounts');
  if (!entries) return undefined;
  if (entries.length > 20) throw invalid('You may apply at most 20 discounts.', 'discounts');
  return entries.map((entry, i) => {
    if (typeof entry !== 'object' || Array.isArray(entry)) throw invalid('Invalid object', `discounts[${i}]`);
    allowOnly(entry, ['coupon', 'discount', 'promotion_code'], `discounts[${i}]`);
    const discount = str(entry, 'discount');
    if (discount) {
      const found = state.find(state.discounts, 'discount', discount, `discounts[${i}][discount]`);
      if (!sub || found.subscription !== sub.id || !sub.discounts.includes(discount))
        throw invalid(
          `The discount ${discount} is not applied to this subscription.`,
          `discounts[${i}][discount]`,
        );
      return { discount };
    }
    const coupon = need(entry, 'coupon', `discounts[${i}][coupon]`);
    state.find(state.coupons, 'coupon', coupon, `discounts[${i}][coupon]`);
    return { coupon };
  });
}

route('POST', '/v1/subscriptions', ({ p, state, billing, view }) => {
  const { legacy } = view;
  allowOnly(p, [
    'customer',
    'items',
    'trial_period_days',
    'trial_end',
    'trial_settings',
    'payment_behavior',
    'payment_settings',
    'discounts',
    'metadata',
    'default_payment_method',
    'description',
    'off_session',
    'proration_behavior',
    'collection_method',
    'billing_mode',
    'default_tax_rates',
    ...(legacy ? ['coupon'] : []),
  ]);
  const customer = state.find(state.customers, 'customer', need(p, 'customer'), 'customer');
  const item = one(list(p, 'items'), 'items');
  if (!item) throw missingParam('items');
  const price = state.find(state.prices, 'price', need(item, 'price', 'items[0][price]'), 'items[0][price]');
  if (!price.recurring)
    throw invalid(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      'items[0][price]',
    );
  const behavior = str(p, 'payment_behavior') ?? 'allow_incomplete';
  if (
    !['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'].includes(
      behavior,
    )
  )
    throw invalid(`Invalid payment_behavior: ${behavior}`, 'payment_behavior');
  const taxRates = taxRatesParam(p, state);
  const discounts = discountsParam(p, state, legacy);
  if (discounts?.some((d) => d.discount))
    throw invalid('A new subscription has no discounts to keep: pass coupons.', 'discounts');
  const defaultPm = str(p, 'default_payment_method') || null;
  if (defaultPm) attachedCard(state, defaultPm, customer.id, 'default_payment_method');

  const now = state.now(customer.id);
  const days = int(p, 'trial_period_days');
  const trialEnd = days ? now + days * DAY : (int(p, 'trial_end') ?? null);
  if (trialEnd !== null && trialEnd <= now)
    throw invalid('Invalid timestamp: must be in the future.', 'trial_end');
  const trialSettings = trialSettingsParam(p);
  const hasCard = Boolean(defaultPm ?? customer.invoice_settings.default_payment_method);
  if (!trialEnd && behavior !== 'default_incomplete' && !hasCard)
    throw invalid(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'resource_missing',
    );

  const id = newId('sub');
  const sub: SubscriptionRecord = {
    id,
    customer: customer.id,
    status: 'incomplete',
    created: now,
    start_date: now,
    billing_cycle_anchor: trialEnd ?? now,
    item: {
      id: newId('si'),
      created: now,
      price: price.id,
      current_period_start: now,
      current_period_end: trialEnd ?? addInterval(now, price.recurring),
    },
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    trial_settings: trialSettings ?? { end_behavior: { missing_payment_method: 'create_invoice' } },
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    pause_collection: null,
    cancellation: { feedback: null, comment: null },
    discounts: [],
    default_tax_rates: taxRates ?? [],
    metadata: mergeMetadata({}, p),
    latest_invoice: null,
    default_payment_method: defaultPm,
    pending_setup_intent: null,
    pending_update: null,
    save_default_payment_method:
      str(obj(p, 'payment_settings') ?? {}, 'save_default_payment_method') === 'on_subscription',
  };
  state.subscriptions.set(id, sub);
  sub.discounts = (discounts ?? []).map((d) => billing.newDiscount(sub, d.coupon!));

  const inv = billing.invoice(sub, 'subscription_create', trialEnd !== null);
  if (inv.status === 'paid') {
    sub.status = trialEnd ? 'trialing' : 'active';
    // Nothing to pay now: Stripe hands out a SetupIntent so the browser can save a card.
    if (behavior === 'default_incomplete') sub.pending_setup_intent = billing.newSetupIntent(sub);
  } else if (behavior !== 'default_incomplete' && billing.pay(inv)) sub.status = 'active';
  billing.emitSubscription('customer.subscription.created', sub);
  return view.subscription(id);
});

/** trial_settings[end_behavior][missing_payment_method], checked as Stripe does. */
function trialSettingsParam(p: Params): SubscriptionRecord['trial_settings'] | undefined {
  const settings = obj(p, 'trial_settings');
  if (!settings) return undefined;
  allowOnly(settings, ['end_behavior'], 'trial_settings');
  const end = obj(settings, 'end_behavior');
  if (!end) throw missingParam('trial_settings[end_behavior]');
  allowOnly(end, ['missing_payment_method'], 'trial_settings[end_behavior]');
  const name = 'trial_settings[end_behavior][missing_payment_method]';
  const behavior = need(end, 'missing_payment_method', name);
  if (behavior !== 'cancel' && behavior !== 'create_invoice' && behavior !== 'pause')
    throw invalid(`Invalid ${name}: must be one of cancel, create_invoice, or pause`, name);
  return { end_behavior: { missing_payment_method: behavior } };
}

route('GET', '/v1/subscriptions', ({ p, state, view }) => {
  const customer = str(p, 'customer');
  const status = str(p, 'status');
  const price = str(p, 'price');
  const subs = newest(state.subscriptions).filter(
    (s) =>
      (!customer || s.customer === customer) &&
      (!price || s.item.price === price) &&
      (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
  );
  return page(
    '/v1/subscriptions',
    subs.map((s) => view.subscription(s.id)),
    p,
  );
});

route('GET', '/v1/subscriptions/:id', ({ id, view }) => view.subscription(id));

route('POST', '/v1/subscriptions/:id', ({ p, id, state, billing, view }) => {
  const { legacy } = view;
  allowOnly(p, [
    'cancel_at_period_end',
    'pause_collection',
    'discounts',
    'items',
    'proration_behavior',
    'payment_behavior',
    'metadata',
    'default_payment_method',
    'description',
    'cancellation_details',
    'off_session',
    'proration_date',
    'default_tax_rates',
    'trial_settings',
    'trial_end',
    ...(legacy ? ['coupon'] : []),
  ]);
  const sub = state.find(state.subscriptions, 'subscription', id);
  if (
    sub.status === 'canceled' &&
    Object.keys(p).some((k) => !['metadata', 'cancellation_details', 'expand'].includes(k))
  )
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');

  // Validate everything first, so a 400 changes nothing.
  const cancelAtPeriodEnd = bool(p, 'cancel_at_period_end');
  let pause: SubscriptionRecord['pause_collection'] | undefined;
  if (p.pause_collection === '') pause = null;
  else {
    const pc = obj(p, 'pause_collection');
    if (pc) {
      const behavior = need(pc, 'behavior', 'pause_collection[behavior]');
      if (behavior !== 'void' && behavior !== 'keep_as_draft' && behavior !== 'mark_uncollectible')
        throw invalid(`Invalid pause_collection[behavior]: ${behavior}`, 'pause_collection[behavior]');
      pause = { behavior, resumes_at: int(pc, 'resumes_at', 'pause_collection[resumes_at]') ?? null };
    }
  }
  const discounts = discountsParam(p, state, legacy, sub);
  const taxRates = taxRatesParam(p, state);
  const trialSettings = trialSettingsParam(p);
  const trialEnd = trialEndParam(p, state.now(sub.customer));
  const cancellation = cancellationParam(p);
  const item = one(list(p, 'items'), 'items');
  let newPrice: string | undefined;
  if (item) {
    const itemId = str(item, 'id');
    if (!itemId)
      throw invalid(
        'Pass items[0][id]: this fake keeps one item, so it changes it in place.',
        'items[0][id]',
      );
    if (itemId !== sub.item.id) throw noSuch('subscription_item', itemId, 'items[0][id]');
    newPrice = str(item, 'price');
    if (newPrice) state.find(state.prices, 'price', newPrice, 'items[0][price]');
  }
  const defaultPm = str(p, 'default_payment_method');
  if (defaultPm) attachedCard(state, defaultPm, sub.customer, 'default_payment_method');
  const proration = prorationParams(p, sub, state);
  // A trial that starts on a paid subscription ("a trial starts", Stripe's "Change subscriptions"): the
  // billing date resets to trial_end and a $0 invoice is made at once; by default with a credit for the
  // unused part of the period paid for, which this fake does not model: it asks for none.
  const trialStarts = trialEnd !== undefined && sub.status !== 'trialing';
  if (trialStarts && proration.behavior !== 'none')
    throw invalid(
      'This fake starts a trial on a paid subscription only with proration_behavior=none (it keeps no credit for the unused time).',
      'proration_behavior',
    );
  const paymentBehavior = str(p, 'payment_behavior') ?? 'allow_incomplete';
  if (
    !['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'].includes(
      paymentBehavior,
    )
  )
    throw invalid(`Invalid payment_behavior: ${paymentBehavior}`, 'payment_behavior');
  if (paymentBehavior === 'pending_if_incomplete') {
    const unsupported = Object.keys(p).find((k) => !PENDING_UPDATE_PARAMS.includes(k));
    if (unsupported)
      throw invalid(
        `When \`payment_behavior\` is \`pending_if_incomplete\`, you can only pass the parameters supported by pending updates (${PENDING_UPDATE_PARAMS.join(', ')}); \`${unsupported}\` is not one of them.`,
        unsupported,
      );
  }
  // A subscription update is charged with the person present unless told otherwise (Stripe's default).
  const offSession = bool(p, 'off_session') ?? false;

  billing.changeSubscription(sub, () => {
    // The proration invoice first: with error_if_incomplete a declined charge throws and changes nothing;
    // with pending_if_incomplete an unpaid one leaves the price as it is, pending.
    let priceChanges = true;
    if (newPrice && newPrice !== sub.item.price && proration.behavior === 'always_invoice')
      priceChanges = billing.prorate(sub, newPrice, proration.date, {
        behavior: paymentBehavior,
        offSession,
      }).applies;
    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd;
      sub.cancel_at = cancelAtPeriodEnd ? sub.item.current_period_end : null;
      sub.canceled_at = cancelAtPeriodEnd ? state.now(sub.customer) : null;
    }
    if (pause !== undefined) sub.pause_collection = pause;
    if (taxRates !== undefined) sub.default_tax_rates = taxRates;
    if (trialSettings) sub.trial_settings = trialSettings;
    if (cancellation) sub.cancellation = { ...sub.cancellation, ...cancellation };
    // `discounts` replaces the list: an existing discount stays only if it is named again.
    if (discounts !== undefined)
      sub.discounts = (discounts ?? []).map((d) => d.discount ?? billing.newDiscount(sub, d.coupon!));
    // `none` and `create_prorations` leave this period's invoice as it was (the fake keeps no pending items).
    if (newPrice && priceChanges && newPrice !== sub.item.price)
      billing.movePrice(sub, newPrice, proration.date);
    // A trial to `trial_end` (Stripe's way to move the next invoice later): the status is trialing, the
    // period (on the item, in the pinned API version) runs to it, and the billing cycle is anchored there.
    // A trial already running is extended, its start kept, with no invoice; otherwise the trial starts
    // now, with its $0 invoice.
    if (trialEnd !== undefined) {
      if (sub.status !== 'trialing' || sub.trial_start === null) {
        const now = state.now(sub.customer);
        sub.trial_start = now;
        sub.item.current_period_start = now;
      }
      sub.status = 'trialing';
      sub.trial_end = trialEnd;
      sub.item.current_period_end = trialEnd;
      sub.billing_cycle_anchor = trialEnd;
      if (trialStarts) billing.invoice(sub, 'subscription_update', true);
    }
    if (defaultPm !== undefined) sub.default_payment_method = defaultPm || null;
    sub.metadata = mergeMetadata(sub.metadata, p);
  });
  return view.subscription(id);
});

/** trial_end on an update: a timestamp in the future ('now', ending a trial, this fake does not do). */
function trialEndParam(p: Params, now: number): number | undefined {
  if (p.trial_end === undefined) return undefined;
  const end = int(p, 'trial_end');
  if (end === undefined) throw invalid('Invalid trial_end: this fake takes a timestamp.', 'trial_end');
  if (end <= now) throw invalid('Invalid timestamp: must be in the future.', 'trial_end');
  return end;
}

/** What an update may send with `payment_behavior: pending_if_incomplete` (Stripe's pending updates reference). */
const PENDING_UPDATE_PARAMS = [
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
];

/**
 * proration_behavior and proration_date (`name`: how the caller calls it). A date sent outside the
 * current period is refused, as Stripe refuses it. Without one Stripe prorates at the customer's now,
 * which is inside the period: the period renews when the customer's clock reaches its end.
 */
function prorationParams(p: Params, sub: SubscriptionRecord, state: StripeState, name = 'proration_date') {
  const behavior = str(p, 'proration_behavior') ?? 'create_prorations';
  if (!['none', 'create_prorations', 'always_invoice'].includes(behavior))
    throw invalid(`Invalid proration_behavior: ${behavior}`, 'proration_behavior');
  const sent = int(p, 'proration_date', name);
  const { current_period_start: start, current_period_end: end } = sub.item;
  if (sent !== undefined && (sent < start || sent > end))
    throw invalid(
      `The \`${name}\` must be within the current subscription period (${start} to ${end}); ${sent} is not.`,
      name,
    );
  return { behavior, date: sent ?? state.now(sub.customer) };
}

route('POST', '/v1/invoices/create_preview', ({ p, state, billing, view }) => {
  allowOnly(p, ['customer', 'subscription', 'subscription_details', 'automatic_tax']);
  const customer = need(p, 'customer');
  state.find(state.customers, 'customer', customer, 'customer');
  const subscription = state.find(
    state.subscriptions,
    'subscription',
    need(p, 'subscription'),
    'subscription',
  );
  if (subscription.customer !== customer)
    throw invalid('The subscription does not belong to this customer.', 'subscription');
  const details = obj(p, 'subscription_details') ?? {};
  allowOnly(details, ['items', 'proration_behavior', 'proration_date']);
  const item = one(list(details, 'items'), 'subscription_details[items]');
  const price = item ? str(item, 'price') : undefined;
  if (item && str(item, 'id') !== subscription.item.id)
    throw noSuch('subscription_item', str(item, 'id') ?? '', 'subscription_details[items][0][id]');
  if (price) state.find(state.prices, 'price', price, 'subscription_details[items][0][price]');
  const proration = prorationParams(details, subscription, state, 'subscription_details[proration_date]');
  if (!price || proration.behavior !== 'always_invoice')
    throw invalid('This fake previews only an item price change invoiced at once (always_invoice).');
  const { inv } = billing.prorate(subscription, price, proration.date, { preview: true });
  // Rendered like any invoice, then forgotten: a preview is never stored.
  state.invoices.set(inv.id, inv);
  try {
    return view.invoice(inv.id);
  } finally {
    state.invoices.delete(inv.id);
  }
});

route('DELETE', '/v1/subscriptions/:id', ({ p, id, state, billing, view }) => {
  allowOnly(p, ['cancellation_details', 'invoice_now', 'prorate']);
  const sub = state.find(state.subscriptions, 'subscription', id);
  if (sub.status === 'canceled') throw noSuch('subscription', id);
  billing.cancelNow(sub);
  return view.subscription(id);
});

// Invoices, payment methods, intents, portal

route('GET', '/v1/invoices', ({ p, state, view }) => {
  const customer = str(p, 'customer');
  const subscription = str(p, 'subscription');
  const status = str(p, 'status');
  const invoices = newest(state.invoices).filter(
    (i) =>
      (!customer || i.customer === customer) &&
      (!subscription || i.subscription === subscription) &&
      (!status || i.status === status),
  );
  return page(
    '/v1/invoices',
    invoices.map((i) => view.invoice(i.id)),
    p,
  );
});

route('GET', '/v1/invoices/:id', ({ id, view }) => view.invoice(id));
route('POST', '/v1/setup_intents', ({ p, state, billing, view }) => {
  allowOnly(p, ['customer', 'usage', 'allowed_payment_method_types', 'metadata', 'description']);
  const types = strings(p, 'allowed_payment_method_types');
  if (types.some((t) => t !== 'card'))
    throw invalid('This fake offers cards only.', 'allowed_payment_method_types');
  const customer = state.find(state.customers, 'customer', need(p, 'customer'), 'customer');
  const usage = str(p, 'usage') ?? 'off_session';
  if (usage !== 'off_session' && usage !== 'on_session') throw invalid(`Invalid usage: ${usage}`, 'usage');
  return view.setupIntent(billing.newSetupIntent({ customer: customer.id, id: null }));
});

route('POST', '/v1/invoices/:id/pay', ({ p, id, state, billing, view }) => {
  allowOnly(p, ['payment_method', 'off_session', 'paid_out_of_band', 'source', 'forgive', 'mandate']);
  const inv = state.find(state.invoices, 'invoice', id);
  const pm = str(p, 'payment_method');
  if (pm) attachedCard(state, pm, inv.customer, 'payment_method');
  billing.payNow(id, pm, bool(p, 'off_session') ?? true);
  return view.invoice(id);
});

route('POST', '/v1/invoices/:id/void', ({ p, id, billing, view }) => {
  allowOnly(p, []);
  billing.voidInvoice(id);
  return view.invoice(id);
});

route('GET', '/v1/payment_methods/:id', ({ id, view }) => view.paymentMethod(id));
route('GET', '/v1/setup_intents/:id', ({ id, view }) => view.setupIntent(id));

/** Stripe cancels a SetupIntent that has not succeeded; confirming it afterwards fails. */
route('POST', '/v1/setup_intents/:id/cancel', ({ p, id, state, view }) => {
  allowOnly(p, ['cancellation_reason']);
  const reason = str(p, 'cancellation_reason');
  if (reason && !['abandoned', 'duplicate', 'requested_by_customer'].includes(reason))
    throw invalid(`Invalid cancellation_reason: ${reason}`, 'cancellation_reason');
  const seti = state.find(state.setupIntents, 'setup_intent', id);
  if (seti.status !== 'requires_payment_method' && seti.status !== 'requires_action')
    throw invalid(
      `You cannot cancel this SetupIntent because it has a status of ${seti.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action, processing.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  seti.status = 'canceled';
  seti.pending_card = null;
  state.emit('setup_intent.canceled', view.setupIntent(id));
  return view.setupIntent(id);
});
route('GET', '/v1/payment_intents/:id', ({ id, view }) => view.paymentIntent(id));

const PORTAL_FEATURES = [
  'customer_update',
  'invoice_history',
  'payment_method_update',
  'subscription_cancel',
  'subscription_pause',
  'subscription_update',
] as const;

route('POST', '/v1/billing_portal/configurations', ({ p, state, view }) => {
  allowOnly(p, ['features', 'business_profile', 'default_return_url', 'metadata', 'name', 'login_page']);
  const features = obj(p, 'features');
  if (!features) throw missingParam('features');
  allowOnly(features, [...PORTAL_FEATURES], 'features');
  const on = {} as Record<(typeof PORTAL_FEATURES)[number], boolean>;
  for (const name of PORTAL_FEATURES) {
    const feature = obj(features, name);
    // Each feature sent must say whether it is on; one not sent is off.
    if (feature && bool(feature, 'enabled') === undefined) throw missingParam(`features[${name}][enabled]`);
    on[name] = feature ? bool(feature, 'enabled') === true : false;
  }
  const customerUpdate = obj(features, 'customer_update');
  const allowed = (customerUpdate && strings(customerUpdate, 'allowed_updates')) ?? [];
  for (const update of allowed)
    if (!['address', 'email', 'name', 'phone', 'shipping', 'tax_id'].includes(update))
      throw invalid(
        `Invalid features[customer_update][allowed_updates]: ${update}`,
        'features[customer_update][allowed_updates]',
      );
  const id = newId('bpc');
  state.portalConfigurations.set(id, {
    id,
    created: state.now(),
    active: true,
    is_default: false,
    features: on,
    allowed_updates: allowed,
    headline: str(obj(p, 'business_profile') ?? {}, 'headline') ?? null,
    metadata: mergeMetadata({}, p),
  });
  return view.portalConfiguration(id);
});

route('GET', '/v1/billing_portal/configurations', ({ p, state, view }) => {
  const active = bool(p, 'active');
  const isDefault = bool(p, 'is_default');
  const found = newest(state.portalConfigurations).filter(
    (c) =>
      (active === undefined || c.active === active) &&
      (isDefault === undefined || c.is_default === isDefault),
  );
  return page(
    '/v1/billing_portal/configurations',
    found.map((c) => view.portalConfiguration(c.id)),
    p,
  );
});

route('POST', '/v1/billing_portal/sessions', ({ p, state, view }) => {
  allowOnly(p, ['customer', 'return_url', 'configuration', 'locale', 'flow_data']);
  const customer = state.find(state.customers, 'customer', need(p, 'customer'), 'customer');
  const configurationId = str(p, 'configuration');
  const configuration = configurationId
    ? state.find(state.portalConfigurations, 'billing_portal.configuration', configurationId, 'configuration')
    : [...state.portalConfigurations.values()].find((c) => c.is_default);
  if (!configuration)
    throw invalid(
      'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
    );
  if (!configuration.active) throw invalid('This configuration is inactive.', 'configuration');
  const id = newId('bps');
  state.portalSessions.set(id, {
    id,
    configuration: configuration.id,
    created: state.now(customer.id),
    customer: customer.id,
    return_url: str(p, 'return_url') ?? null,
    url: `https://billing.stripe.test/session/${id}`,
  });
  return view.portalSession(id);
});
