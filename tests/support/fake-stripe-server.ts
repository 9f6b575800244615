// The fake Stripe API as a process of its own, for the browser tests (scripts/run-e2e.mjs bundles it).
// Beside it, a small control server lets a browser test do what a person or time would do at Stripe,
// for the newest subscription of the customer with that email; the events that follow are signed
// and delivered to the app's webhook, exactly as Stripe would deliver them (so are the events of the
// app's own requests to the fake Stripe, as Stripe sends those too):
//
//   POST /confirm-setup?email=...[&card=4000002760003184]  the card typed into the Payment Element is saved
//   POST /end-trial?email=...[&paymentFails=1]  the trial ends: the first invoice is paid, fails, or
//                                               (a card that asks every time) waits for the bank (SCA)
//   POST /confirm-action?email=...              the person confirms that payment on Stripe's page
//   POST /advance-period?email=...[&paymentFails=1]  the period ends: the renewal is charged, or fails
//   POST /end-retries?email=...                 a week on, Stripe's retries of a failed renewal run out:
//                                               the subscription is unpaid, its invoice open
//   POST /fail-next?email=...&method=POST       Stripe's next such request on the subscription answers 500
//
// And what Stripe.js does in the browser (the browser tests route https://api.stripe.com/ here):
//
//   POST /stripe-js/v1/setup_intents/:id/confirm    client_secret and the card number typed: the card
//   POST /stripe-js/v1/payment_intents/:id/confirm  is saved, or the first invoice paid (or declined);
//                                                   a card whose bank asks (4000 0027 6000 3184, and
//                                                   4000 0025 0000 3155 on its first use) answers
//                                                   requires_action; so does, without a card, a payment
//                                                   waiting for the bank's check
//   POST /stripe-js/v1/{setup,payment}_intents/:id/authenticate  the bank's check in the page (3D
//                                                   Secure): outcome=complete saves or pays, fail does not
//
// Each answers { subscription, statuses, status, currentPeriodEnd } (the webhook's answer to each
// event, and the subscription at Stripe afterwards), or 404 with a reason.
//
//   GET /stripe-js/v3    the Stripe.js stand-in itself, for trying payments locally (npm run start:local,
//                        docs/trying-it-locally.md): the page loads it from here and confirms here.
//   GET /invoices/:id[/pdf], POST /invoices/:id/pay   Stripe's hosted invoice page and PDF, locally: with
//                        FAKE_STRIPE_INVOICE_URL set to this server's /invoices, invoices point here.
// Acting on one customer's subscription only, they leave the tests running beside it alone.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type Stripe from 'stripe';
import { signedWebhook, startFakeStripe } from './fake-stripe';
import { hostedInvoices } from './fake-stripe/hosted-invoice';
import type { SubscriptionRecord } from './fake-stripe/state';

const fake = await startFakeStripe(Number(process.env.FAKE_STRIPE_PORT ?? 12111));
if (process.env.FAKE_STRIPE_INVOICE_URL) fake.state.invoiceHost = process.env.FAKE_STRIPE_INVOICE_URL;
const webhookUrl = process.env.WEBHOOK_URL;
const webhookSecret = process.env.WEBHOOK_SECRET ?? '';

/**
 * Every event reaches the webhook in the order Stripe made it, as Stripe sends them: those a control
 * action caused (answered with their statuses) and those the app's own API requests caused (a
 * cancellation, a card paying an invoice), which a short poll picks up. One cursor, one at a time.
 */
let delivered = 0;
const statusOf = new Map<string, number>();
let pumping: Promise<void> = Promise.resolve();
function pump(): Promise<void> {
  pumping = pumping.then(async () => {
    while (webhookUrl && delivered < fake.events.length) {
      const event = fake.events[delivered++]!;
      const { payload, headers } = signedWebhook(event, webhookSecret);
      const res = await fetch(webhookUrl, { method: 'POST', headers, body: payload }).catch(() => null);
      statusOf.set(event.id, res?.status ?? 0);
    }
  });
  return pumping;
}
setInterval(() => {
  if (delivered < fake.events.length) void pump();
}, 100).unref();

async function deliver(events: Stripe.Event[]): Promise<number[]> {
  await pump();
  return events.map((event) => statusOf.get(event.id) ?? 0);
}

const actions: Record<string, (sub: SubscriptionRecord, query: URLSearchParams) => Stripe.Event[]> = {
  'confirm-setup': (sub, query) => {
    if (!sub.pending_setup_intent) throw new Error(`${sub.id} has no card to confirm`);
    const card = query.get('card')?.replace(/\D/g, '');
    return fake.confirmSetupIntent(sub.pending_setup_intent, card ? { last4: card.slice(-4) } : undefined);
  },
  'end-trial': (sub, query) => fake.endTrial(sub.id, { paymentFails: query.has('paymentFails') }),
  'confirm-action': (sub) => {
    if (!sub.latest_invoice) throw new Error(`${sub.id} has no invoice to confirm`);
    return fake.confirmRequiredAction(sub.latest_invoice);
  },
  'advance-period': (sub, query) => fake.advancePeriod(sub.id, { paymentFails: query.has('paymentFails') }),
  'end-retries': (sub) => fake.endRetries(sub.id),
  'fail-next': (sub, query) => {
    fake.failNext(query.get('method') ?? 'POST', `/v1/subscriptions/${sub.id}`, { status: 500 });
    return [];
  },
};

/** Stripe's test cards, as Stripe.js would report them. */
const DECLINED = '4000000000000002';
const STANDIN_SCRIPT = 'tests/e2e/support/stripe-js-standin.js';
const STRIPE_JS_CONFIRM =
  /^\/stripe-js\/v1\/(setup_intents|payment_intents)\/([^/]+)\/(confirm|authenticate)$/;

/**
 * A confirmation from the Stripe.js stand-in: the intent whose client secret the page holds gets the
 * card typed, as Stripe does when Stripe.js confirms it; the events follow to the webhook. A declined
 * card answers Stripe's card error (a PaymentIntent records the failed attempt).
 */
async function stripeJsConfirm(kind: string, id: string, form: URLSearchParams) {
  const secret = form.get('client_secret') ?? '';
  const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
  if (!secret.startsWith(`${id}_secret_`))
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Invalid client_secret.' } },
    };
  const declined = {
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    },
  };
  const card = { last4: number.slice(-4) };
  let events: Stripe.Event[];
  try {
    const intent = kind === 'payment_intents' ? fake.state.paymentIntents.get(id) : undefined;
    // A payment the bank wants the person to confirm (a switch, an invoice paid with a saved card):
    // Stripe.js is told so, and runs the check in the page.
    if (!number && intent?.status === 'requires_action')
      return {
        status: 200,
        body: { id, status: 'requires_action', next_action: { type: 'use_stripe_sdk' } },
      };
    if (!number && intent) return { status: 200, body: { id, status: intent.status } };
    if (number === DECLINED && kind === 'setup_intents') return declined;
    events =
      number === DECLINED
        ? fake.confirmPaymentIntent(id, { fail: 'card_declined' })
        : fake.confirmOnSession(kind as IntentKind, id, card);
  } catch (error) {
    return { status: 400, body: { error: { type: 'invalid_request_error', message: String(error) } } };
  }
  await deliver(events);
  if (number === DECLINED) return declined;
  // The bank asks the person present (both 3D Secure test cards): Stripe.js runs its check in the page.
  const status = intentOf(kind as IntentKind, id)?.status;
  if (status === 'requires_action')
    return { status: 200, body: { id, status, next_action: { type: 'use_stripe_sdk' } } };
  return { status: 200, body: { id, status: 'succeeded' } };
}

type IntentKind = 'setup_intents' | 'payment_intents';
const intentOf = (kind: IntentKind, id: string) =>
  kind === 'setup_intents' ? fake.state.setupIntents.get(id) : fake.state.paymentIntents.get(id);

/** The person's answer to their bank's check, from the stand-in's challenge; the events follow to the webhook. */
async function stripeJsAuthenticate(kind: IntentKind, id: string, form: URLSearchParams) {
  const intent = intentOf(kind, id);
  if (!intent || form.get('client_secret') !== intent.client_secret)
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Invalid client_secret.' } },
    };
  const passed = form.get('outcome') === 'complete';
  let events: Stripe.Event[];
  try {
    events = fake.authenticateInPage(kind, id, passed);
  } catch (error) {
    return { status: 400, body: { error: { type: 'invalid_request_error', message: String(error) } } };
  }
  await deliver(events);
  const after = intentOf(kind, id)!;
  const error = 'last_setup_error' in after ? after.last_setup_error : after.last_payment_error;
  if (!passed && error) return { status: 402, body: { error: { type: 'card_error', ...error } } };
  return { status: 200, body: { id, status: after.status } };
}

const invoicePages = hostedInvoices(fake, deliver);
const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  // A page on another origin (the app, locally) reads what the stand-in's confirmations answer.
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/stripe-js/v3' && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': 'no-store' });
    res.end(readFileSync(STANDIN_SCRIPT));
    return;
  }
  if (invoicePages(req, res, url)) return;
  const confirm = STRIPE_JS_CONFIRM.exec(url.pathname);
  if (confirm && req.method === 'POST') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const done =
        confirm[3] === 'authenticate'
          ? stripeJsAuthenticate(confirm[1] as IntentKind, confirm[2]!, form)
          : stripeJsConfirm(confirm[1]!, confirm[2]!, form);
      done.then(
        (result) => answer(result.status, result.body),
        (error: unknown) => answer(502, { error: { type: 'api_error', message: String(error) } }),
      );
    });
    return;
  }
  const action = url.pathname.slice(1);
  if (req.method !== 'POST') return answer(405, { error: 'POST only' });
  const act = actions[action];
  if (!act || !webhookUrl) return answer(404, { error: `no action ${action} (or no WEBHOOK_URL)` });
  const email = url.searchParams.get('email');
  const customers = [...fake.state.customers.values()].filter((c) => c.email === email).map((c) => c.id);
  const sub = [...fake.state.subscriptions.values()].findLast((s) => customers.includes(s.customer));
  if (!sub) return answer(404, { error: `no subscription for ${email}` });
  let events: Stripe.Event[];
  try {
    events = act(sub, url.searchParams);
  } catch (error) {
    return answer(409, { error: String(error) });
  }
  deliver(events).then(
    (statuses) =>
      answer(200, {
        subscription: sub.id,
        statuses,
        status: sub.status,
        currentPeriodEnd: sub.item.current_period_end,
      }),
    (error: unknown) => answer(502, { error: String(error) }),
  );
});
control.listen(Number(process.env.FAKE_STRIPE_CONTROL_PORT ?? 12112), '127.0.0.1');

process.on('SIGTERM', () => {
  control.close();
  void fake.close().then(() => process.exit(0));
});
