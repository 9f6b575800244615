/**
 * A small stateful Stripe API, in process, for the real `stripe` SDK to talk to.
 *
 *   const fake = await startFakeStripe();
 *   process.env.STRIPE_API_URL = fake.url;      // or: const stripe = stripeClient(fake);
 *   const events = fake.endTrial(subscriptionId); // then sign and post each one to the webhook
 *
 * It speaks the wire format (form-encoded brackets in, JSON out, Stripe's error bodies and statuses,
 * Idempotency-Key, expand[], lists) for the endpoints in ./fake-stripe/routes.ts, and moves time and
 * payments the way Stripe Billing would through the control methods below. Nothing is sent anywhere:
 * events are returned (and kept in `events`) for the test to deliver.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Billing, type Decline } from './fake-stripe/billing';
import { View } from './fake-stripe/render';
import { dispatch } from './fake-stripe/routes';
import { type Card, StripeState } from './fake-stripe/state';
import { newId, type Params, parseForm, StripeFault, strings } from './fake-stripe/wire';

interface LoggedRequest {
  method: string;
  path: string;
  /** Parsed body (POST) or query (GET, DELETE): `{ items: [{ price: 'price_…' }] }`. */
  params: Params;
  idempotencyKey?: string;
  apiVersion?: string;
}

interface Fault {
  status: number;
  code?: string;
  message?: string;
  /** Defaults by status: 402 card_error, 5xx api_error, otherwise invalid_request_error. */
  type?: string;
  param?: string;
  decline_code?: string;
  /** Sends `Stripe-Should-Retry: true` so the SDK retries; by default it is told not to. */
  retryable?: boolean;
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_URL, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly state: StripeState;
  readonly requests: LoggedRequest[];
  /** Every event generated so far, by API calls and control methods, oldest first. */
  readonly events: Stripe.Event[];
  /** A customer's clock (unix seconds): real time plus the time the control methods skipped for them. */
  now(customer?: string): number;
  close(): Promise<void>;
  /** The browser confirmed a SetupIntent: a card is attached and, with on_subscription, becomes the subscription's default. */
  confirmSetupIntent(setupIntentId: string, card?: Partial<Card>): Stripe.Event[];
  /** The browser confirmed a PaymentIntent: the invoice is paid and an incomplete subscription becomes active; or declined. */
  confirmPaymentIntent(
    paymentIntentId: string,
    opts?: { fail?: Decline; card?: Partial<Card> },
  ): Stripe.Event[];
  /**
   * Stripe.js confirmed an intent with a card typed in the page, the person present: a card whose bank
   * asks (4000 0027 6000 3184, and 4000 0025 0000 3155 on its first use) leaves the intent in
   * `requires_action` until `authenticateInPage`; any other is confirmed as above.
   */
  confirmOnSession(
    kind: 'setup_intents' | 'payment_intents',
    id: string,
    card: Partial<Card>,
  ): Stripe.Event[];
  /** The person passed (or failed) their bank's check in the page for an intent in requires_action. */
  authenticateInPage(kind: 'setup_intents' | 'payment_intents', id: string, passed: boolean): Stripe.Event[];
  /** Jumps to trial_end: trialing → active with a paid invoice, or past_due with a failed one (or canceled, if cancel_at_period_end). */
  endTrial(
    subscriptionId: string,
    opts?: { paymentFails?: boolean; requiresAction?: boolean },
  ): Stripe.Event[];
  /** Jumps to current_period_end: renews and charges, voids the invoice while paused, or cancels if cancel_at_period_end. */
  advancePeriod(
    subscriptionId: string,
    opts?: { paymentFails?: boolean; requiresAction?: boolean },
  ): Stripe.Event[];
  /** A failed renewal's retries run out (a week on): the last is declined and the subscription is `unpaid`. */
  endRetries(subscriptionId: string): Stripe.Event[];
  /** The person confirmed, on the hosted invoice page, the payment their bank asked about. */
  confirmRequiredAction(invoiceId: string): Stripe.Event[];
  /** The person passed (or failed) their bank's check in the page (Stripe.js) for a PaymentIntent in requires_action. */
  authenticate(paymentIntentId: string, passed: boolean): Stripe.Event[];
  /** Jumps to three days before trial_end and sends customer.subscription.trial_will_end. */
  trialWillEnd(subscriptionId: string): Stripe.Event[];
  /** The next request with this method ('*': any) whose path starts with pathPrefix fails with this error. */
  failNext(method: string, pathPrefix: string, fault: Fault): void;
  /**
   * The next request (with this method and path prefix, when given) waits this long before Stripe
   * "does" anything. It still completes: a client that stopped waiting finds its effect later.
   */
  delayNext(ms: number, method?: string, pathPrefix?: string): void;
}

export async function startFakeStripe(listenPort = 0): Promise<FakeStripe> {
  const state = new StripeState();
  const billing = new Billing(state);
  const requests: LoggedRequest[] = [];
  const faults: { method: string; pathPrefix: string; fault: Fault }[] = [];
  const delays: { ms: number; method?: string; pathPrefix?: string }[] = [];
  const replays = new Map<string, { fingerprint: string; status: number; payload: unknown }>();
  const inFlight = new Set<string>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    const params = parseForm(method === 'POST' ? body : url.search.slice(1));
    const key = header(req, 'idempotency-key');
    const version = header(req, 'stripe-version');
    requests.push({ method, path: url.pathname, params, idempotencyKey: key, apiVersion: version });
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
      res.end(JSON.stringify(payload));
    };

    if (!/^Bearer sk_test_\w+/.test(req.headers.authorization ?? ''))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });

    // Stripe replays a key's first result for the same request, and refuses it for a different one.
    const idempotent = method === 'POST' && key !== undefined;
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (idempotent) {
      const saved = replays.get(key);
      if (saved && saved.fingerprint !== fingerprint)
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      if (saved) return send(saved.status, saved.payload, { 'idempotent-replayed': 'true' });
      if (inFlight.has(key))
        return send(409, {
          error: {
            type: 'invalid_request_error',
            code: 'idempotency_key_in_use',
            message: 'There is currently another in-progress request using this Stripe-Idempotency-Key.',
          },
        });
      inFlight.add(key);
    }
    try {
      const slow = delays.findIndex(
        (d) => (!d.method || d.method === method) && url.pathname.startsWith(d.pathPrefix ?? '/'),
      );
      const delay = slow >= 0 ? delays.splice(slow, 1)[0]!.ms : 0;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));

      // An injected failure happens "before Stripe executed anything": nothing changes, nothing is
      // saved under the idempotency key, so a retry runs for real.
      const at = faults.findIndex(
        (f) => (f.method === '*' || f.method === method) && url.pathname.startsWith(f.pathPrefix),
      );
      const injected = at >= 0 ? faults.splice(at, 1)[0] : undefined;
      if (injected) {
        const { fault } = injected;
        return send(
          fault.status,
          { error: faultBody(fault) },
          {
            'stripe-should-retry': String(fault.retryable ?? false),
          },
        );
      }

      let status = 200;
      let payload: unknown;
      try {
        const view = new View(state, View.legacyVersion(version));
        const result = dispatch(method, url.pathname, { p: params, state, billing, view });
        payload = view.expand(result, strings(params, 'expand'));
      } catch (err) {
        if (!(err instanceof StripeFault)) {
          // A bug in the fake: make it loud in the test, and stop the SDK from retrying it.
          const message = `Fake Stripe failed: ${err instanceof Error ? err.stack : String(err)}`;
          return send(500, { error: { type: 'api_error', message } }, { 'stripe-should-retry': 'false' });
        }
        status = err.status;
        payload = { error: { ...err.body } };
      }
      // Stripe saves results once the endpoint ran; validation errors (400) are not saved.
      if (idempotent && (status < 400 || status === 402)) replays.set(key, { fingerprint, status, payload });
      send(status, payload);
    } finally {
      if (idempotent) inFlight.delete(key);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const subscription = (id: string) => state.find(state.subscriptions, 'subscription', id);

  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,
    events: state.events,
    now: (customer) => state.now(customer),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Closed already: a test that wanted a Stripe nobody answers.
        if (!server.listening) return resolve();
        server.close((err) => (err ? reject(err) : resolve()));
        // The SDK keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
    confirmSetupIntent: (id, card) => billing.capture(() => billing.confirmSetupIntent(id, card)),
    confirmPaymentIntent: (id, opts = {}) => billing.capture(() => billing.confirmPaymentIntent(id, opts)),
    confirmOnSession: (kind, id, card) =>
      billing.capture(() =>
        kind === 'setup_intents'
          ? billing.confirmSetupOnSession(id, card)
          : billing.confirmPaymentOnSession(id, card),
      ),
    authenticateInPage: (kind, id, passed) =>
      billing.capture(() =>
        kind === 'setup_intents' ? billing.authenticateSetup(id, passed) : billing.authenticate(id, passed),
      ),
    endTrial: (id, opts) =>
      billing.capture(() => {
        const sub = subscription(id);
        if (sub.status !== 'trialing') throw new Error(`Subscription ${id} is ${sub.status}, not trialing`);
        billing.renew(sub, opts);
      }),
    advancePeriod: (id, opts) =>
      billing.capture(() => {
        const sub = subscription(id);
        if (sub.status === 'canceled' || sub.status === 'incomplete')
          throw new Error(`Subscription ${id} is ${sub.status}; it has no period to advance`);
        billing.renew(sub, opts);
      }),
    trialWillEnd: (id) => billing.capture(() => billing.trialWillEnd(subscription(id))),
    endRetries: (id) => billing.capture(() => billing.endRetries(subscription(id))),
    confirmRequiredAction: (invoiceId) => billing.capture(() => billing.confirmRequiredAction(invoiceId)),
    authenticate: (id, passed) => billing.capture(() => billing.authenticate(id, passed)),
    failNext: (method, pathPrefix, fault) => {
      faults.push({ method: method.toUpperCase(), pathPrefix, fault });
    },
    delayNext: (ms, method, pathPrefix) => {
      delays.push({ ms, method: method?.toUpperCase(), pathPrefix });
    },
  };
}

/** The real SDK, pointed at the fake. The server builds the same from STRIPE_API_URL. */
export function stripeClient(fake: Pick<FakeStripe, 'url'>, config: Stripe.StripeConfig = {}): Stripe {
  const { hostname, port, protocol } = new URL(fake.url);
  return new Stripe('sk_test_fake', {
    host: hostname,
    port,
    protocol: protocol === 'https:' ? 'https' : 'http',
    telemetry: false,
    ...config,
  });
}

/** The body and headers Stripe would POST to a webhook endpoint for this event. */
export function signedWebhook(
  event: Stripe.Event,
  secret: string,
): { payload: string; headers: { 'content-type': string; 'stripe-signature': string } } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

function faultBody(fault: Fault) {
  const type =
    fault.type ??
    (fault.status === 402 ? 'card_error' : fault.status >= 500 ? 'api_error' : 'invalid_request_error');
  return {
    type,
    code: fault.code,
    decline_code: fault.decline_code ?? (fault.code === 'card_declined' ? 'generic_decline' : undefined),
    param: fault.param,
    message:
      fault.message ?? (fault.status === 402 ? 'Your card was declined.' : 'Injected failure (fake Stripe).'),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
